/**
 * Generated `app.inject` requests for each route Fastify registered: path parameters, query
 * string, headers and body derived from the route's own schemas (see schema-arbitrary.ts)
 * and mixed with hostile values, from a visitor, a signed-in customer, an administrator or a
 * forged session.
 */
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  contentType,
  cookieHeader,
  hostileJsonValue,
  hostilePathSegment,
  hostileQueryString,
  originHeader,
} from './hostile-values.ts';
import {
  clientHeader,
  encodedBodies,
  headerSafe,
  formEncode,
  urlText,
  type EncodedBody,
} from './request-parts.ts';
import { valuesFor, type FieldHints } from './schema-arbitrary.ts';

interface RouteSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
}

/** One route as the fuzz suite drives it; a GET route's HEAD twin is driven with it. */
export interface FuzzedRoute {
  /** `METHOD /url`, as the status table names it. */
  name: string;
  url: string;
  methods: string[];
  schemas: RouteSchemas;
  /** Refused to anyone but an administrator before the handler runs. */
  adminOnly: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The routes to fuzz, from what Fastify's onRoute hook reported. The HEAD route Fastify adds
 * for each GET route runs the GET handler, so it is fuzzed as part of that route.
 */
export function fuzzedRoutes(
  registered: RouteOptions[],
  isAdminCheck: (hook: unknown) => boolean,
): FuzzedRoute[] {
  const methodsOf = (route: RouteOptions) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const getUrls = new Set(
    registered.filter((route) => methodsOf(route).includes('GET')).map((route) => route.url),
  );
  return registered
    .filter((route) => !(methodsOf(route).join() === 'HEAD' && getUrls.has(route.url)))
    .map((route) => {
      const methods = methodsOf(route).sort((a, b) => (a === 'HEAD' ? 1 : b === 'HEAD' ? -1 : 0));
      if (methods[0] === 'GET' && !methods.includes('HEAD')) methods.push('HEAD');
      const hooks = [route.onRequest ?? []].flat();
      return {
        name: `${methods[0]} ${route.url}`,
        url: route.url,
        methods,
        schemas: (route.schema ?? {}) as RouteSchemas,
        adminOnly: hooks.some(isAdminCheck),
      };
    });
}

/** Who sends the request, and the Cookie header that says so. */
export interface Identity {
  name: string;
  cookie?: string;
  /** An administrator's session: sent more often to the routes only they may use. */
  admin?: boolean;
}

export interface RequestContext {
  /** The storefront's origin: the one Origin the API accepts state changes from. */
  shopOrigin: string;
  sessionCookieName: string;
  /** Signed-in sessions by name (customer, admin); a forged one is generated. */
  sessions: Identity[];
  hints: FieldHints;
  /** Replaces the zod schema a route declares, where its handler validates a stricter one. */
  bodySchema?: z.ZodType;
}

export interface FuzzRequest extends InjectOptions {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  headers: Record<string, string>;
  identity: string;
}

function pathFor(route: FuzzedRoute, hints: FieldHints): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const derived = route.schemas.params
    ? valuesFor(route.schemas.params, hints)
    : fc.constant({} as unknown);
  const wildcard = route.url.includes('*')
    ? fc
        .array(fc.oneof(fc.webSegment(), hostilePathSegment), { maxLength: 4 })
        .map((segments) => segments.join('/'))
    : fc.constant('');
  const segments = fc.tuple(
    ...names.map(() =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostilePathSegment },
      ),
    ),
  );
  return fc.tuple(derived, segments, wildcard).map(([values, hostile, rest]) => {
    const params = (values ?? {}) as Record<string, unknown>;
    // `*` alone (the CORS preflight route) stands for any path.
    let path = route.url === '*' ? `/${rest}` : route.url.replace('*', rest);
    names.forEach((name, index) => {
      const value = hostile[index] ?? encodeURIComponent(urlText(params[name] ?? ''));
      path = path.replace(`:${name}`, value || '%20');
    });
    return path;
  });
}

function queryFor(route: FuzzedRoute, hints: FieldHints): fc.Arbitrary<string> {
  const derived = route.schemas.querystring
    ? valuesFor(route.schemas.querystring, hints).map(formEncode)
    : fc.constant('');
  return fc
    .tuple(derived, fc.option(hostileQueryString, { freq: 4 }))
    .map(([query, hostile]) => [query, hostile].filter(Boolean).join('&'))
    .map((query) => (query ? `?${query}` : ''));
}

function bodyFor(route: FuzzedRoute, context: RequestContext): fc.Arbitrary<EncodedBody> {
  const schema = context.bodySchema ?? route.schemas.body;
  return encodedBodies(schema ? valuesFor(schema, context.hints) : hostileJsonValue);
}

function identityFor(context: RequestContext, adminOnly: boolean): fc.Arbitrary<Identity> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ name: 'visitor' }) },
    ...context.sessions.map((session) => ({
      weight: session.admin && adminOnly ? 9 : 3,
      arbitrary: fc.constant(session),
    })),
    {
      weight: 2,
      arbitrary: cookieHeader(context.sessionCookieName).map((cookie) => ({
        name: 'forged session',
        cookie,
      })),
    },
  );
}

/** Generated requests for one route. */
export function requestsFor(
  route: FuzzedRoute,
  context: RequestContext,
): fc.Arbitrary<FuzzRequest> {
  const [mainMethod, ...otherMethods] = route.methods;
  const method = fc.oneof(
    { weight: 7, arbitrary: fc.constant(mainMethod as string) },
    ...otherMethods.map((other) => ({ weight: 1, arbitrary: fc.constant(other) })),
  );
  const schemaHeaders = route.schemas.headers
    ? valuesFor(route.schemas.headers, context.hints)
    : fc.constant({});
  return fc
    .record({
      method,
      path: pathFor(route, context.hints),
      query: queryFor(route, context.hints),
      identity: identityFor(context, route.adminOnly),
      origin: originHeader(context.shopOrigin),
      body: route.methods.some((name) => BODY_METHODS.has(name))
        ? bodyFor(route, context)
        : fc.constant(undefined),
      contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('natural') }, contentType),
      schemaHeaders,
      otherHeaders: fc.array(clientHeader, { maxLength: 4 }),
    })
    .map((generated) => {
      const headers: Record<string, string> = {};
      const add = (name: string, value: unknown) => {
        if (value === undefined || value === null) return;
        const text = String(typeof value === 'object' ? JSON.stringify(value) : value);
        // A key such as `__proto__` from a schema-derived header stays a plain key.
        Object.defineProperty(headers, name.toLowerCase(), {
          // Node refuses more than 16 KiB of headers in all before the app sees any.
          value: headerSafe(text.slice(0, 4_000)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      };
      for (const [name, value] of generated.otherHeaders) add(name, value);
      if (generated.schemaHeaders && typeof generated.schemaHeaders === 'object') {
        for (const [name, value] of Object.entries(generated.schemaHeaders)) add(name, value);
      }
      add('origin', generated.origin);
      add('cookie', generated.identity.cookie);
      const request: FuzzRequest = {
        method: generated.method as FuzzRequest['method'],
        url: `${generated.path}${generated.query}`,
        headers,
        identity: generated.identity.name,
      };
      if (generated.body && BODY_METHODS.has(generated.method)) {
        add(
          'content-type',
          generated.contentType === 'natural' ? generated.body.natural : generated.contentType,
        );
        request.payload = generated.body.payload;
      }
      return request;
    });
}

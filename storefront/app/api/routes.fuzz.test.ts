/** @jest-environment node */
/**
 * Property-based fuzzing of the storefront's own API route handlers: every `route.ts` under
 * app/api is found on disk, so a handler added later is fuzzed too. Each exported method
 * gets at least 5,000 generated requests (FUZZ_RUNS for more, FUZZ_SEED to replay): query
 * strings, headers, cookies, bodies and dynamic segments, while a stubbed fetch plays the CMS
 * and the chat model, answering or failing as the run says. Properties: no 5xx except the 503
 * a handler owes when the CMS fails, every 4xx a JSON `{ message }`, redirects only to this
 * site's own paths, no call to any other address, and refused requests have no effect (no
 * model call, no cache revalidated, draft mode untouched).
 *
 * The handlers run outside Next.js, so what they call on Next's request scope is replaced:
 * `draftMode()` by a recorder, `revalidateTag` by a mock; `redirect()` is Next's own, and its
 * error is turned into the redirect Next.js would send (test-support/route-handlers.ts).
 */
import path from 'node:path';
import fc from 'fast-check';
import { revalidateTag } from 'next/cache';
import { NextRequest } from 'next/server';
import { z } from 'zod';
import {
  answerProblem,
  clientHeader,
  contentType,
  cookieHeader,
  encodedBodies,
  formEncode,
  fuzzParameters,
  headerSafe,
  hostileJsonValue,
  hostileQueryString,
  hostileText,
  originHeader,
  pollutedPrototype,
  safeForUri,
  StatusTally,
  valuesFor,
  type FieldHints,
} from '@aba-shop/test-kit/fuzz';
import { BLOG_ICONS } from '@/lib/cms/blog-posts';
import { cmsTags } from '@/lib/cms/client';
import { chatRequestSchema } from '@/lib/chat/server/chat-request';
import { markShopKnowledgeStale } from '@/lib/chat/server/shop-knowledge';
import { webhookPayloadSchema } from '@/lib/cms/revalidation';
import {
  createFakeUpstreams,
  UPSTREAM_BEHAVIOURS,
  type StrapiPost,
  type UpstreamScript,
} from '@aba-shop/test-kit/fake-upstreams';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import {
  answerOf,
  findApiRoutes,
  HTTP_METHODS,
  type ApiRoute,
} from '@/test-support/route-handlers';

jest.mock('next/cache', () => ({ revalidateTag: jest.fn() }));
// The chat answers from the content a fresh shop publishes; its index's own reading of the CMS
// is tested in lib/chat/server/shop-knowledge.test.ts.
jest.mock('@/lib/chat/server/shop-knowledge', () => ({
  shopKnowledge: async () => jest.requireActual('@/test-support/chat-knowledge').seededKnowledge(),
  markShopKnowledgeStale: jest.fn(),
}));
const mockDraftMode = { isEnabled: false, changes: [] as string[] };
jest.mock('next/headers', () => ({
  draftMode: async () => ({
    get isEnabled() {
      return mockDraftMode.isEnabled;
    },
    enable: () => void mockDraftMode.changes.push('enable'),
    disable: () => void mockDraftMode.changes.push('disable'),
  }),
}));

const SITE = 'http://127.0.0.1:3000';
const CMS_URL = 'http://cms.fuzz.test:1337';
const COMMERCE_URL = 'http://commerce.fuzz.test:4000';
const MODEL_URL = 'http://model.fuzz.test/v1/chat/completions';
const REVALIDATE_SECRET = 'fuzz-revalidate-secret-0123456789';
const PREVIEW_SECRET = 'fuzz-preview-secret-0123456789';
Object.assign(process.env, {
  SITE_URL: SITE,
  CMS_URL,
  COMMERCE_URL,
  CHAT_API_URL: MODEL_URL,
  CHAT_API_KEY: 'sk-fuzz',
  REVALIDATE_SECRET,
  PREVIEW_SECRET,
});

const parameters = fuzzParameters();
const tally = new StatusTally();
const upstreams = createFakeUpstreams(CMS_URL, MODEL_URL, COMMERCE_URL, SEEDED_CATALOGUE);

/** Mostly what the shop accepts, sometimes what it must refuse. */
const mostly = <T>(accepted: fc.Arbitrary<T>, refused: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: accepted }, refused);

const slugs = mostly(
  fc.oneof(
    fc.constantFrom('aba-at-home', 'featured-1', 'first-steps'),
    fc.stringMatching(/^[a-z0-9-]{1,30}$/),
  ),
  hostileText,
);
const secret = (right: string) =>
  mostly(
    fc.constant(right),
    fc.oneof(hostileText, fc.constant(`${right} `), fc.constant(right.slice(1))),
  );

interface RouteInputs {
  query?: z.ZodType;
  body?: z.ZodType;
  hints?: FieldHints;
  /** A header the route checks, and its generated values. */
  header?: [string, fc.Arbitrary<string>];
}

/** What each route reads, so that most requests get past its checks; others get generic input. */
const INPUTS: Record<string, RouteInputs> = {
  '/api/chat': {
    body: chatRequestSchema,
    hints: { message: fc.constantFrom('How much does it cost?', 'Is there an audiobook?', 'hi') },
  },
  '/api/revalidate': {
    body: webhookPayloadSchema,
    hints: {
      event: fc.constantFrom('entry.publish', 'entry.update', 'entry.unpublish', 'media.update'),
      model: fc.constantFrom(
        'blog-post',
        'faq-item',
        'testimonial',
        'chapter',
        'legal-page',
        'user',
      ),
    },
    header: ['x-revalidate-secret', secret(REVALIDATE_SECRET)],
  },
  '/api/preview': {
    query: z.object({
      secret: z.string(),
      slug: z.string(),
      status: z.enum(['published', 'draft']).optional(),
    }),
    hints: { secret: secret(PREVIEW_SECRET), slug: slugs },
  },
  '/api/preview/exit': { query: z.object({ slug: z.string().optional() }), hints: { slug: slugs } },
};

/** Published posts as Strapi holds them: of the right shape, with whatever a marketer typed. */
const strapiPost: fc.Arbitrary<StrapiPost> = fc.record({
  id: fc.nat(),
  documentId: fc.string({ minLength: 1, maxLength: 24 }),
  title: hostileText,
  slug: slugs,
  excerpt: fc.option(hostileText),
  content: fc.oneof(
    hostileText,
    fc.constantFrom(
      '# Heading\n<script>alert(1)</script>',
      '[a link](javascript:alert(1)) <img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe><a href="//evil.example" onclick="x()">x</a>',
      '<svg onload=alert(1)><style>body{}</style>',
    ),
  ),
  author: fc.option(hostileText),
  cover: fc.option(
    fc.record({
      url: fc.constantFrom('/uploads/cover.png', '/uploads/%2e%2e/x'),
      alternativeText: fc.option(hostileText),
    }),
  ),
  featured: fc.option(fc.boolean()),
  category: fc.option(hostileText),
  icon: fc.option(fc.oneof(fc.constantFrom(...BLOG_ICONS), hostileText)),
  createdAt: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  publishedAt: fc.constant('2025-01-01T00:00:00.000Z'),
});

const upstreamScripts: fc.Arbitrary<UpstreamScript> = fc.record({
  cms: fc.oneof(
    { weight: 6, arbitrary: fc.constant('ok' as const) },
    fc.constantFrom(...UPSTREAM_BEHAVIOURS),
  ),
  posts: fc.array(strapiPost, { maxLength: 2 }),
  model: fc.oneof(
    { weight: 4, arbitrary: fc.constant('ok' as const) },
    fc.constantFrom(...UPSTREAM_BEHAVIOURS),
  ),
  reply: fc.oneof(fc.constantFrom('ABA means applied behavior analysis.', ''), hostileText),
  commerce: fc.oneof(
    { weight: 4, arbitrary: fc.constant('ok' as const) },
    fc.constantFrom(...UPSTREAM_BEHAVIOURS),
  ),
  errorStatus: fc.constantFrom(400, 404, 429, 500, 502, 503),
});

interface Generated {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  params: Record<string, string>;
}

function requestsFor(route: ApiRoute, method: string): fc.Arbitrary<Generated> {
  const inputs = INPUTS[route.pattern] ?? {};
  const hints = inputs.hints ?? {};
  const query = inputs.query
    ? fc.tuple(
        valuesFor(inputs.query, hints).map(formEncode),
        fc.option(hostileQueryString, { freq: 5 }),
      )
    : fc.tuple(fc.constant(''), fc.option(hostileQueryString, { freq: 2 }));
  const hasBody = !['GET', 'HEAD'].includes(method);
  return fc
    .record({
      method:
        method === 'GET'
          ? fc.oneof({ weight: 7, arbitrary: fc.constant('GET') }, fc.constant('HEAD'))
          : fc.constant(method),
      query,
      params: fc.tuple(
        ...route.params.map(() => fc.oneof({ weight: 4, arbitrary: slugs }, hostileText)),
      ),
      body: hasBody
        ? encodedBodies(inputs.body ? valuesFor(inputs.body, hints) : hostileJsonValue)
        : fc.constant(undefined),
      contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('natural') }, contentType),
      headers: fc.array(clientHeader, { maxLength: 3 }),
      origin: originHeader(SITE),
      cookie: fc.option(
        fc.oneof(cookieHeader('__prerender_bypass'), cookieHeader('shop.session_token')),
      ),
      // Chat's rate limit counts per visitor address: nearly every request has its own.
      visitor: fc.oneof(
        { weight: 18, arbitrary: fc.ipV4() },
        fc.constantFrom('198.51.100.7', undefined),
      ),
      lyingLength: fc.option(fc.constantFrom('0', '5', '999999', '-1', 'abc'), { freq: 10 }),
      checked: inputs.header ? fc.option(inputs.header[1], { freq: 6 }) : fc.constant(null),
    })
    .map((generated) => {
      const headers: Record<string, string> = {};
      const add = (name: string, value: string | null | undefined) => {
        if (value !== null && value !== undefined) headers[name] = headerSafe(value);
      };
      for (const [name, value] of generated.headers) add(name, value);
      add('origin', generated.origin);
      add('cookie', generated.cookie);
      add('x-forwarded-for', generated.visitor);
      if (inputs.header) add(inputs.header[0], generated.checked);
      // Next.js hands a handler the segment decoded from the URL: always well-formed text.
      const params = Object.fromEntries(
        route.params.map((name, index) => [name, safeForUri(generated.params[index] as string)]),
      );
      let pathname = route.pattern;
      for (const [name, value] of Object.entries(params)) {
        pathname = pathname.replace(`[${name}]`, encodeURIComponent(value));
      }
      const search = generated.query.filter(Boolean).join('&');
      const request: Generated = {
        method: generated.method,
        url: `${SITE}${pathname}${search ? `?${search}` : ''}`,
        headers,
        params,
      };
      if (generated.body && hasBody) {
        add(
          'content-type',
          generated.contentType === 'natural' ? generated.body.natural : generated.contentType,
        );
        add('content-length', generated.lyingLength);
        request.body = generated.body.payload;
      }
      return request;
    });
}

/** HTML a browser would run script from: tags, handlers, javascript: links, frames, styles. */
const UNSAFE_HTML =
  /<(script|iframe|style|svg|object|embed)\b|<[^>]*\s(on[a-z]+\s*=|(href|src)\s*=\s*["']?\s*javascript:)/i;

interface RunResult {
  generated: Generated;
  script: UpstreamScript;
  response: Response;
  body: string;
}

/** What each route promises beyond the rules every route keeps. */
const ROUTE_PROMISES: Record<string, (run: RunResult) => string | undefined> = {
  '/api/blogposts': ({ script, response, body }) => {
    if (script.cms !== 'ok') return undefined;
    if (response.status !== 200) return `answered ${response.status} while the CMS answered`;
    const posts = JSON.parse(body) as { content: string }[];
    if (posts.length !== script.posts.length)
      return `listed ${posts.length} of ${script.posts.length} posts`;
    return posts.some((post) => UNSAFE_HTML.test(post.content))
      ? `let unsafe HTML through: ${body}`
      : undefined;
  },
  '/api/blogposts/[slug]': ({ generated, script, response, body }) => {
    const asked = upstreams.calls[0]?.url.searchParams.get('filters[slug][$eq]');
    if (asked !== generated.params.slug)
      return `asked the CMS for ${asked}, not ${generated.params.slug}`;
    if (script.cms !== 'ok') return undefined;
    const exists = script.posts.some((post) => post.slug === generated.params.slug);
    if (response.status !== (exists ? 200 : 404))
      return `answered ${response.status} for a post that ${exists ? 'exists' : 'does not exist'}`;
    return exists && UNSAFE_HTML.test((JSON.parse(body) as { content: string }).content)
      ? `let unsafe HTML through: ${body}`
      : undefined;
  },
  '/api/chat': ({ script, response, body }) => {
    if (response.status !== 200) return undefined;
    const answer = chatAnswerOf(response, body);
    if (typeof answer.reply !== 'string' || answer.reply.trim() === '')
      return 'answered an empty reply';
    if (!Array.isArray(answer.sources)) return 'answered without its sources';
    const askedModel = upstreams.calls.some((call) => call.to === 'model');
    const modelUsable = script.model === 'ok' && script.reply.trim().length >= 10;
    if (answer.source === 'model' && !(askedModel && modelUsable))
      return `answered from a model that ${askedModel ? 'failed' : 'was not asked'}`;
    // A reply naming a price may be refused for it (lib/chat/engine/prices.ts).
    if (askedModel && modelUsable && !/\$\s?\d/.test(script.reply) && answer.source !== 'model')
      return `answered from ${answer.source} although the model answered`;
    if (!['model', 'content', 'canned'].includes(answer.source))
      return `answered from ${answer.source}`;
    return undefined;
  },
  '/api/revalidate': ({ generated, response }) => {
    const tags = jest.mocked(revalidateTag).mock.calls.map(([tag]) => tag);
    const known = new Set([
      'cms',
      ...['blog-post', 'faq-item', 'testimonial', 'chapter', 'legal-page'].flatMap((model) =>
        cmsTags(model as never),
      ),
    ]);
    if (tags.some((tag) => !known.has(tag))) return `revalidated unknown tags ${tags.join()}`;
    // Surrounding spaces and tabs are not part of a header's value.
    const authorised = generated.headers['x-revalidate-secret']?.trim() === REVALIDATE_SECRET;
    if (response.status === 200 && !authorised)
      return 'revalidated for a request without the secret';
    return undefined;
  },
  '/api/preview': ({ generated, response }) => {
    if (response.status !== 307) return undefined;
    const query = new URL(generated.url).searchParams;
    if (query.get('secret') !== PREVIEW_SECRET) return 'previewed without the secret';
    const expected = query.get('status') === 'published' ? 'disable' : 'enable';
    return mockDraftMode.changes.join() === expected
      ? undefined
      : `draft mode ${mockDraftMode.changes.join()}`;
  },
};

/**
 * A chat answer, from its JSON or from its server-sent events (the reply is the last text
 * part, the source in the finishing metadata).
 */
function chatAnswerOf(response: Response, body: string) {
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return JSON.parse(body) as { reply: string; source: string; sources: unknown };
  }
  const chunks = body
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, unknown>);
  const texts = new Map<unknown, string>();
  for (const chunk of chunks) {
    if (chunk.type === 'text-delta')
      texts.set(chunk.id, (texts.get(chunk.id) ?? '') + String(chunk.delta));
  }
  const finish = chunks.find((chunk) => chunk.type === 'finish') as
    { messageMetadata?: { source?: string } } | undefined;
  return {
    reply: [...texts.values()].at(-1) ?? '',
    source: finish?.messageMetadata?.source ?? 'none',
    sources: chunks.filter((chunk) => chunk.type === 'source-url'),
  };
}

/** The rules every handler keeps, whatever it is. */
function ruleBroken({ generated, script, response, body }: RunResult): string | undefined {
  if (upstreams.strayCalls.length > 0) return `called ${upstreams.strayCalls.join(', ')}`;
  const status = response.status;
  const askedCms = upstreams.calls.some((call) => call.to === 'cms');
  if (status === 503 && askedCms && script.cms !== 'ok') {
    // The CMS failed: the handler says so, in JSON.
    return answerProblem({
      method: generated.method,
      status: 400,
      contentType: response.headers.get('content-type') ?? undefined,
      body,
    });
  }
  const problem = answerProblem({
    method: generated.method,
    status,
    contentType: response.headers.get('content-type') ?? undefined,
    body,
  });
  if (problem) return problem;
  const polluted = pollutedPrototype();
  if (polluted) return `added a property to ${polluted}.prototype`;
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location') ?? '';
    if (!/^\/(?![/\\])/.test(location)) return `redirected off the site to ${location}`;
    if (!/^\/blog(\/[a-z0-9-]{1,200})?$/.test(location)) return `redirected to ${location}`;
  }
  if (status !== 200 && upstreams.calls.some((call) => call.to === 'model'))
    return 'called the model for a refused request';
  if (status >= 400 && jest.mocked(revalidateTag).mock.calls.length > 0)
    return 'revalidated for a refused request';
  if (status >= 400 && jest.mocked(markShopKnowledgeStale).mock.calls.length > 0)
    return "marked the chat's index stale for a refused request";
  if (status >= 400 && mockDraftMode.changes.length > 0)
    return 'changed draft mode for a refused request';
  return undefined;
}

const routes = findApiRoutes(path.join(__dirname, '..'));

const realFetch = global.fetch;
let logged: jest.SpyInstance;
beforeAll(() => {
  global.fetch = upstreams.fetch;
  // The chat route logs each model failure; the stub makes thousands.
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => {
  global.fetch = realFetch;
  logged.mockRestore();
  console.log(
    tally.format(
      `Storefront API fuzzing: ${parameters.numRuns} generated requests per handler${parameters.seed === undefined ? '' : `, seed ${parameters.seed}`}`,
    ),
  );
});

it('finds the storefront API routes on disk', () => {
  expect(routes.map((route) => route.pattern)).toEqual(
    expect.arrayContaining([
      '/api/blogposts',
      '/api/blogposts/[slug]',
      '/api/chat',
      '/api/preview',
      '/api/preview/exit',
      '/api/revalidate',
    ]),
  );
});

/** One route's handler for one method, fuzzed. */
async function fuzzHandler(route: ApiRoute, method: string, handler: Handler) {
  const name = `${method} ${route.pattern}`;
  await tally.time(name, () =>
    fc.assert(
      fc.asyncProperty(
        requestsFor(route, method),
        upstreamScripts,
        fc.boolean(),
        async (generated, script, matching) => {
          // Half the time the CMS holds a post with the slug asked for.
          const [first, ...others] = script.posts;
          const slug = generated.params.slug;
          const posts =
            matching && first && slug !== undefined
              ? [{ ...first, slug }, ...others]
              : script.posts;
          const run = { ...script, posts };
          upstreams.play(run);
          jest.mocked(revalidateTag).mockClear();
          jest.mocked(markShopKnowledgeStale).mockClear();
          mockDraftMode.changes = [];
          const request = new NextRequest(generated.url, {
            method: generated.method,
            headers: generated.headers,
            body:
              typeof generated.body === 'string'
                ? generated.body
                : generated.body && new Uint8Array(generated.body),
          });
          const response = await answerOf(() =>
            handler(request, { params: Promise.resolve(generated.params) }),
          );
          tally.count(name, response.status);
          // A HEAD answer's body is dropped by Next.js; the promises below still read it.
          const body = await response.text();
          const result = { generated, script: run, response, body };
          const broken = ruleBroken(result) ?? ROUTE_PROMISES[route.pattern]?.(result);
          if (broken) throw new Error(`${name} ${broken}`);
        },
      ),
      parameters,
    ),
  );
  expect(tally.runs(name)).toBeGreaterThanOrEqual(parameters.numRuns ?? 0);
}

type Handler = (request: NextRequest, context: { params: Promise<unknown> }) => Promise<Response>;

it.each(routes.map((route) => [route.pattern, route] as const))(
  '%s: no 5xx but the CMS-down 503, JSON 4xx, refusals without effect',
  async (_pattern, route) => {
    const exported = (await import(route.file)) as Record<string, unknown>;
    // HEAD is answered by GET, as Next.js does; requestsFor sends some HEAD requests to GET.
    const methods = HTTP_METHODS.filter(
      (method) => typeof exported[method] === 'function' && method !== 'HEAD',
    );
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) await fuzzHandler(route, method, exported[method] as Handler);
  },
  20 * 60_000,
);

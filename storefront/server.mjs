/**
 * The storefront's HTTP server: Next.js's request handler behind one step that rewrites the
 * forwarding headers from the socket's peer and TRUSTED_PROXIES (docs/adr/0010-client-addresses-that-cannot-be-forged.md),
 * and, when META_PIXEL_ID names an ad pixel, lets its Meta hosts into every answer's security
 * policy (docs/adr/0041-the-pixel-id-read-at-run-time.md). Plain JavaScript, so that it runs as
 * it is, in the Docker image too.
 *
 *   node server.mjs [--dev] [--hostname 127.0.0.1] [--port 3000]
 *
 * Without options it listens as Next's standalone server does, on HOSTNAME and PORT, and reads
 * KEEP_ALIVE_TIMEOUT (milliseconds) as well.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compileTrust, parseTrustedProxies } from '@aba-shop/service-kit/trusted-proxies';
import { headersForNext } from './lib/security/client-address.mjs';
import { allowMetaPixel, readMetaPixelId } from './lib/security/meta-pixel-setting.mjs';

const dir = import.meta.dirname;
const { values: options } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    hostname: { type: 'string', default: process.env.HOSTNAME || '0.0.0.0' },
    port: { type: 'string', default: process.env.PORT || '3000' },
  },
});
const { dev, hostname } = options;
const port = Number(options.port);

// As `next start` and `next dev` do: an explicit NODE_ENV (the journeys' "test") is kept.
process.env.NODE_ENV ||= dev ? 'development' : 'production';
process.chdir(dir);

// Unset or empty, nobody is trusted: the socket's peer is the client.
const trustedProxies = process.env.TRUSTED_PROXIES
  ? parseTrustedProxies(process.env.TRUSTED_PROXIES)
  : { ok: true, proxies: [] };
if (!trustedProxies.ok) {
  console.error(`storefront: Invalid configuration: TRUSTED_PROXIES ${trustedProxies.message}`);
  process.exit(1);
}
const trust = compileTrust(trustedProxies.proxies);

// lib/config.ts reads it too, for the browser (app/tracking-settings/route.ts). Unset, no
// answer is touched.
const metaPixel = readMetaPixelId(process.env.META_PIXEL_ID);
if (!metaPixel.ok) {
  console.error(`storefront: Invalid configuration: META_PIXEL_ID ${metaPixel.message}`);
  process.exit(1);
}
const hasMetaPixel = metaPixel.pixelId !== undefined;

// The standalone build (the Docker image) has no next.config.ts: its settings travel with the
// build, and Next's own standalone server.js hands them to Next this same way.
if (!dev && !existsSync(path.join(dir, 'next.config.ts'))) {
  const manifest = path.join(dir, '.next/required-server-files.json');
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(manifest, 'utf8')).config,
  );
}

// Traces (docs/reliability.md#telemetry-and-health): started before Next is loaded, so that the
// instrumentation of the calls it makes sees node:http and fetch; each request is answered in a
// span of its own (answerInServerSpan). Without an endpoint nothing starts.
// The settings are lib/config.ts's, read here as TRUSTED_PROXIES is, before Next runs.
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTracingFromEnv() : null;
const { createServer } = createRequire(import.meta.url)('node:http');

const server = createServer();
const keepAliveTimeout = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? '', 10);
if (Number.isInteger(keepAliveTimeout) && keepAliveTimeout >= 0) {
  server.keepAliveTimeout = keepAliveTimeout;
}

// Imported once the environment above is set: parts of Next and React read it as they load.
const { default: next } = await import('next');
const app = next({ dev, dir, hostname, port, httpServer: server });
await app.prepare();
const handle = app.getRequestHandler();

function answer(request, response) {
  handle(request, response).catch((error) => {
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end('Internal Server Error');
  });
}

server.on('request', (request, response) => {
  request.headers = headersForNext(
    { peer: request.socket.remoteAddress, encrypted: Boolean(request.socket.encrypted) },
    request.headers,
    trust,
  );
  if (hasMetaPixel) allowMetaPixel(response);
  if (!tracing) return answer(request, response);
  // The span is the shop's alone: Next.js, which traces itself through the global
  // OpenTelemetry API, sees none and answers as without tracing
  // (docs/adr/0039-the-storefronts-trace-context-its-own.md).
  tracing.answerInServerSpan('storefront', request, response, (span) => {
    span?.route(tracing.routeOf(tracing.pathOf(request.url)));
    answer(request, response);
  });
});

server.on('error', (error) => {
  console.error('storefront: the server failed', error);
  process.exit(1);
});

server.listen(port, hostname, () => {
  console.log(
    `storefront: ready on ${hostname}:${server.address().port}${dev ? ' (development)' : ''}`,
  );
});

/**
 * Stops taking connections, lets the requests under way finish, then closes Next (which runs
 * what it scheduled after a response); exits with 128 + the signal's number, as Next does.
 */
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    await app.close().catch((error) => console.error(error));
    // The spans of the last requests are sent before the process ends.
    await tracing?.shutdown().catch(() => undefined);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
  // The development server's own connections (hot reload) would never end by themselves.
  if (dev) server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function startTracingFromEnv() {
  const { otlpEndpointSchema, otlpHeadersSchema, traceSampleRatioSchema } =
    await import('@aba-shop/service-kit/otlp-settings');
  const { answerInServerSpan, pathOf, startTracing } =
    await import('@aba-shop/service-kit/tracing');
  const endpoint = otlpEndpointSchema.safeParse(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const headers = otlpHeadersSchema.safeParse(process.env.OTEL_EXPORTER_OTLP_HEADERS);
  const sampleRatio = traceSampleRatioSchema.safeParse(process.env.OTEL_TRACES_SAMPLER_ARG);
  for (const [name, result] of [
    ['OTEL_EXPORTER_OTLP_ENDPOINT', endpoint],
    ['OTEL_EXPORTER_OTLP_HEADERS', headers],
    ['OTEL_TRACES_SAMPLER_ARG', sampleRatio],
  ]) {
    if (!result.success) {
      console.error(
        `storefront: Invalid configuration: ${name} ${result.error.issues[0]?.message ?? 'is not valid'}`,
      );
      process.exit(1);
    }
  }
  const tracing = startTracing({
    serviceName: 'storefront',
    endpoint: endpoint.data,
    headers: headers.data,
    sampleRatio: sampleRatio.data,
    // Its calls to the other services and to the chat's provider all go through fetch.
    nodeHttpCalls: false,
  });
  return tracing && { ...tracing, answerInServerSpan, pathOf, routeOf: routesOfTheBuild() };
}

/** What proxy.ts forwards: to the commerce service and to the CMS. */
const FORWARDED = ['/api/', '/uploads/'];

/**
 * The app's route (`/blog/[slug]`) that a path is answered by, from the build's routes
 * manifest, to name a request's span without a path's own words in it; `/_next/…` for Next's
 * files, `/api/…` and `/uploads/…` for what proxy.ts forwards to the commerce service and the
 * CMS, and `unmatched` for the rest (a page not found, or no build: `--dev`).
 */
function routesOfTheBuild() {
  const manifest = path.join(dir, '.next/routes-manifest.json');
  const { staticRoutes = [], dynamicRoutes = [] } = existsSync(manifest)
    ? JSON.parse(readFileSync(manifest, 'utf8'))
    : {};
  const routes = [...staticRoutes, ...dynamicRoutes].map(({ page, regex }) => ({
    page,
    pattern: new RegExp(regex),
  }));
  return (pathname) => {
    if (pathname.startsWith('/_next/')) return '/_next/…';
    const route = routes.find(({ pattern }) => pattern.test(pathname))?.page;
    if (route) return route;
    return FORWARDED.find((prefix) => pathname.startsWith(prefix))?.concat('…') ?? 'unmatched';
  };
}

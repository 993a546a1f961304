/**
 * The CMS's log outside development (docs/reliability.md#telemetry-and-health): JSON lines, and
 * a request's line carries the trace its caller sent.
 */
import {
  createCmsDatabase,
  startCms,
  type CmsDatabase,
  type RunningCms,
} from '../test-support/running-cms';

let database: CmsDatabase;
let cms: RunningCms;
beforeAll(async () => {
  database = await createCmsDatabase();
  cms = await startCms(database, { NODE_ENV: 'test' });
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await database?.drop();
});

const jsonLines = () =>
  cms
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

it("writes JSON lines, a request's with its caller's trace", async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traced = await fetch(`${cms.url}/api/faq-items`, {
    headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
  });
  expect(traced.status).toBe(200);
  const untraced = await fetch(`${cms.url}/api/testimonials`);
  expect(untraced.status).toBe(200);

  const deadline = Date.now() + 5_000;
  while (!jsonLines().some((line) => String(line.message).startsWith('GET /api/testimonials'))) {
    if (Date.now() > deadline) throw new Error(`no request line in:\n${cms.log().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Every line is JSON, Strapi's start-up lines too; only Node's own warnings about a
  // dependency (`(node:1234) DeprecationWarning: …`, on standard error) are not the CMS's.
  const lines = cms.log().split('\n').filter(Boolean);
  const nodeWarning = /^\(node:\d+\) |^\(Use `node --trace-/;
  expect(lines.filter((line) => !line.startsWith('{') && !nodeWarning.test(line))).toEqual([]);
  const requests = jsonLines().filter((line) => line.level === 'http');
  expect(
    requests.find((line) => String(line.message).startsWith('GET /api/faq-items')),
  ).toMatchObject({
    // The published-only controller (src/published-only-controller.ts) adds its query.
    message: expect.stringMatching(/^GET \/api\/faq-items(\?\S*)? \(\d+ ms\) 200$/),
    trace_id: traceId,
    parent_span_id: '00f067aa0ba902b7',
    timestamp: expect.any(String),
  });
  expect(
    requests.find((line) => String(line.message).startsWith('GET /api/testimonials')),
  ).not.toHaveProperty('trace_id');
});

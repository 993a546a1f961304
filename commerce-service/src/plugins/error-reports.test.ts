/**
 * Server errors reported to a Sentry-compatible endpoint (docs/reliability.md#telemetry-and-health):
 * a stand-in receiver takes the envelopes; what the shop answers as designed (a refusal, an
 * outage) is not reported, and nothing is sent without SENTRY_DSN.
 */
import Fastify from 'fastify';
import { startSentryReceiver } from '@aba-shop/test-kit/sentry-receiver';
import { createErrorReporter } from '@aba-shop/service-kit/error-reports';
import { NotFoundError } from '../domain-errors.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { errorsPlugin } from './errors.ts';

let receiver: Awaited<ReturnType<typeof startSentryReceiver>>;
beforeAll(async () => {
  receiver = await startSentryReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.events.length = 0;
});

async function appReportingTo(dsn: string | undefined) {
  const app = Fastify();
  app.decorate(
    'errorReporter',
    createErrorReporter(dsn, { service: 'commerce-service', environment: 'test' }),
  );
  await app.register(errorsPlugin);
  app.get('/api/broken/:id', async () => {
    throw new TypeError('Cannot read properties of undefined');
  });
  app.get('/api/missing', async () => {
    throw new NotFoundError('No such order');
  });
  return app;
}

it('reports an unforeseen server error with its type, message, stack and route, and answers 500 without them', async () => {
  const app = await appReportingTo(receiver.dsn);
  try {
    const response = await app.inject({ url: '/api/broken/secret-token' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Cannot read');
    for (let i = 0; i < 50 && receiver.events.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiver.events).toHaveLength(1);
    const [{ projectId, auth, event }] = receiver.events as [(typeof receiver.events)[0]];
    expect(projectId).toBe('42');
    expect(auth).toMatch(/^Sentry sentry_version=7, sentry_key=publickey,/);
    expect(event).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'test',
      tags: { service: 'commerce-service', route: '/api/broken/:id' },
      exception: { values: [{ type: 'TypeError', value: 'Cannot read properties of undefined' }] },
    });
    // The path's token is no part of the report.
    expect(JSON.stringify(event)).not.toContain('secret-token');
  } finally {
    await app.close();
  }
});

it('does not report a refusal the shop answers as designed', async () => {
  const app = await appReportingTo(receiver.dsn);
  try {
    expect((await app.inject({ url: '/api/missing' })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.events).toEqual([]);
  } finally {
    await app.close();
  }
});

it('sends nothing without a DSN, and a receiver that cannot be reached fails nothing', async () => {
  const silent = await appReportingTo(undefined);
  const unreachable = await appReportingTo('http://key@127.0.0.1:9/1');
  try {
    expect((await silent.inject({ url: '/api/broken/1' })).statusCode).toBe(500);
    expect((await unreachable.inject({ url: '/api/broken/1' })).statusCode).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.events).toEqual([]);
  } finally {
    await silent.close();
    await unreachable.close();
  }
});

it('refuses a SENTRY_DSN that is not a DSN', () => {
  const base = { DOWNLOAD_SIGNING_SECRET: 'd'.repeat(32), BETTER_AUTH_SECRET: 'b'.repeat(32) };
  expect(() => loadConfig({ ...base, SENTRY_DSN: 'https://sentry.example.com/' })).toThrow(
    ConfigError,
  );
  expect(
    loadConfig({ ...base, SENTRY_DSN: 'https://abc@o1.ingest.example.com/12' }).SENTRY_DSN,
  ).toBe('https://abc@o1.ingest.example.com/12');
});

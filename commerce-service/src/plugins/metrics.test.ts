/**
 * The Prometheus endpoint (docs/reliability.md#telemetry-and-health): on its own listener at
 * METRICS_PORT, per route template, with the shop's gauges read at scrape time.
 */
import { buyLocally, createTestApp, type TestApp } from '../test-support/app.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('with METRICS_PORT', () => {
  let t: TestApp;
  let metricsUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.metricsAddress();
    if (!address) throw new Error('the metrics listener did not start');
    expect(address.address).toBe('127.0.0.1');
    metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  it('counts requests by method, route template and status, never by the raw path', async () => {
    await t.app.inject({ url: '/api/products' });
    await t.app.inject({ url: '/api/products' });
    await t.app.inject({ url: '/api/downloads/not-a-token' });
    await t.app.inject({ url: '/no/such/page' });
    const text = await scrape();
    expect(
      sample(
        text,
        'http_server_request_duration_seconds_count{method="GET",route="/api/products",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).toMatch(
      /http_server_request_duration_seconds_count\{method="GET",route="\/api\/downloads\/:token",status_code="4\d\d"\} 1/,
    );
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('not-a-token');
    expect(text).not.toContain('/no/such/page');
    // The process's own figures come along.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it("reads the outbox and the checkout sessions at scrape time, and follows the worker's sending", async () => {
    await t.app.db.deleteFrom('mail_outbox').execute();
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'ada@example.com',
    );
    await t.app.db
      .updateTable('mail_outbox')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString(), attempts: 1 })
      .execute();
    const pending = (await t.app.db.selectFrom('mail_outbox').select('id').execute()).length;
    expect(pending).toBeGreaterThan(0);
    const sessions = await t.app.db.selectFrom('checkout_sessions').selectAll().execute();

    let text = await scrape();
    expect(sample(text, 'shop_mail_outbox_pending')).toBe(pending);
    expect(sample(text, 'shop_mail_outbox_failed')).toBe(pending);
    expect(sample(text, 'shop_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'shop_checkout_sessions{state="started"}')).toBe(sessions.length);
    expect(sample(text, 'shop_checkout_sessions{state="paid"}')).toBe(
      sessions.filter((session) => session.paid_at !== null).length,
    );
    // Nothing at CMS_URL in the tests, and no Redis configured: the CMS is down, Redis absent.
    expect(sample(text, 'shop_cms_up')).toBe(0);
    expect(text).not.toContain('shop_redis_up ');

    await t.app.db.updateTable('mail_outbox').set({ attempts: 0 }).execute();
    await t.app.mailWorker.runOnce();
    text = await scrape();
    expect(sample(text, 'shop_mail_outbox_pending')).toBe(0);
    expect(sample(text, 'shop_mail_outbox_oldest_age_seconds')).toBe(0);
  });

  it('counts a refused webhook call by its route', async () => {
    await t.app.inject({ method: 'POST', url: '/api/member-content/published', payload: {} });
    expect(
      sample(await scrape(), 'shop_webhook_failures_total{route="/api/member-content/published"}'),
    ).toBe(1);
  });

  it('serves nothing but GET /metrics, and the API does not serve /metrics', async () => {
    const other = await fetch(metricsUrl.replace('/metrics', '/api/products'));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Only GET /metrics is served here' });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('listens for nothing but the API, and measures no request', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      await t.app.inject({ url: '/api/products' });
      expect(t.app.metricsAddress()).toBeNull();
      const text = await t.app.metrics.registry.metrics();
      expect(text).not.toContain('http_server_request_duration_seconds');
      expect(text).not.toContain('shop_mail_outbox_pending');
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT', () => {
  const base = { DOWNLOAD_SIGNING_SECRET: 'd'.repeat(32), BETTER_AUTH_SECRET: 'b'.repeat(32) };
  it('refuses the API’s own port and anything that is not a port', () => {
    expect(() => loadConfig({ ...base, PORT: '4000', METRICS_PORT: '4000' })).toThrow(
      /METRICS_PORT.*must differ from PORT/,
    );
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nine' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });
});

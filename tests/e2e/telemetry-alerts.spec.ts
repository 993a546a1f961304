/**
 * Telemetry (docs/reliability.md#telemetry-and-health): with the mail transport stopped, the
 * commerce service's outbox gauge rises and the shop's own alert rules, evaluated by a real
 * Prometheus scraping its metrics listener, fire; once the transport is back, the mail goes
 * and the alert resolves. The rules are docker/observability/alert-rules.yml, with `for:`
 * shortened in the test's copy so that the journey takes seconds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse, stringify } from 'yaml';
import { payCheckout, startCheckout } from '../support/shop.js';
import { createSmtpInbox } from '../support/smtp-inbox.js';
import { freePort, startCommerceService } from '../support/stack.js';

test.skip(({ isMobile }) => !isMobile, 'Server behaviour: checked once, on a phone.');

const RULES = path.join(import.meta.dirname, '../../docker/observability/alert-rules.yml');

/** The shop's rules with every `for:` at 0 s: a condition fires at its first evaluation. */
function rulesFiringAtOnce(): string {
  const rules = parse(readFileSync(RULES, 'utf8')) as {
    groups: { rules: { for?: string }[] }[];
  };
  for (const group of rules.groups) for (const rule of group.rules) rule.for = '0s';
  return stringify(rules);
}

async function startPrometheus(metricsTarget: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-prometheus-'));
  writeFileSync(path.join(dir, 'rules.yml'), rulesFiringAtOnce());
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [path.join(dir, 'rules.yml')],
      scrape_configs: [
        { job_name: 'commerce-service', static_configs: [{ targets: [metricsTarget] }] },
      ],
    }),
  );
  const port = await freePort();
  const child = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/-/ready`).catch(() => null))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
  return {
    /** The state of the alert `name`: 'firing', 'pending', or undefined when it is inactive. */
    alertState: async (name: string) => {
      const answer = (await (await fetch(`${url}/api/v1/alerts`)).json()) as {
        data: { alerts: { labels: { alertname: string }; state: string }[] };
      };
      return answer.data.alerts.find((alert) => alert.labels.alertname === name)?.state;
    },
    query: async (expression: string) => {
      const answer = (await (
        await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`)
      ).json()) as { data: { result: { value: [number, string] }[] } };
      const value = answer.data.result[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('with the mail transport stopped the outbox gauge rises and the alert fires, then both recover', async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const inbox = await createSmtpInbox();
  const metricsPort = await freePort();
  const commerce = await startCommerceService({
    env: { SMTP_URL: inbox.url, MAIL_POLL_INTERVAL_MS: '200', METRICS_PORT: String(metricsPort) },
  });
  const prometheus = await startPrometheus(`127.0.0.1:${metricsPort}`);
  const api = await playwright.request.newContext({ baseURL: commerce.url });
  try {
    const { sessionId } = await startCheckout(api, [
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ]);
    await payCheckout(api, sessionId, 'alerted.buyer@example.com');

    // The confirmation waits, its sending refused: the gauges say so, and the rule fires.
    await expect
      .poll(() => prometheus.query('shop_mail_outbox_pending'), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => prometheus.query('shop_mail_outbox_failed'), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => prometheus.alertState('MailSendingFails'), { timeout: 30_000 })
      .toBe('firing');

    // The transport is back: the mail goes, the outbox empties, the alert resolves.
    await inbox.start();
    await expect.poll(() => inbox.messages.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => prometheus.query('shop_mail_outbox_pending'), { timeout: 30_000 })
      .toBe(0);
    await expect
      .poll(() => prometheus.alertState('MailSendingFails'), { timeout: 30_000 })
      .toBeUndefined();
  } finally {
    await api.dispose();
    await prometheus.stop();
    await commerce.close();
    await inbox.stop();
  }
});

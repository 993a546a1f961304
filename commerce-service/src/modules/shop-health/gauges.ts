/**
 * The shop's gauges for Prometheus (docs/reliability.md#telemetry-and-health), read when a
 * scrape asks: the same figures as the console's status panel, from the same service, plus
 * the checkout sessions started and paid.
 */
import { Gauge, type Registry } from 'prom-client';
import type { ShopHealth } from '@aba-shop/contract';
import { readCheckoutSessionFigures } from './repository.ts';
import { shopHealth, type ShopHealthDependencies } from './service.ts';

const upOf = (state: ShopHealth['redis']) => (state === 'up' ? 1 : 0);

export function registerShopGauges(registry: Registry, deps: ShopHealthDependencies): void {
  // One reading serves every gauge of a scrape: prom-client asks them all at once, so the
  // reading under way is shared, and the next scrape reads again.
  let reading: Promise<ShopHealth> | undefined;
  const health = () => {
    reading ??= shopHealth(deps).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const gauge = (name: string, help: string, read: (figures: ShopHealth) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        // A figure with nothing to measure yet (no Stripe event ever) is NaN, Prometheus's
        // "no value", which no alert rule's comparison matches; never a made-up 0.
        this.set(read(await health()) ?? Number.NaN);
      },
    });

  gauge('shop_mail_outbox_pending', 'Mail messages not sent yet', (h) => h.mailOutbox.pending);
  gauge(
    'shop_mail_outbox_oldest_age_seconds',
    'Age of the oldest mail message not sent yet (0 when the outbox is empty)',
    (h) => h.mailOutbox.oldestAgeSeconds ?? 0,
  );
  gauge(
    'shop_mail_outbox_failed',
    'Mail messages not sent yet whose sending failed at least once',
    (h) => h.mailOutbox.failed,
  );
  gauge(
    'shop_webhook_newest_event_age_seconds',
    'Age of the newest Stripe event the shop processed',
    (h) => h.webhooks.newestEventAgeSeconds,
  );
  // A shop without Redis has no such gauge, rather than one that says it is down.
  if (deps.shopSignals.redis) {
    gauge('shop_redis_up', 'Whether Redis answers (1) or not (0)', (h) => upOf(h.redis));
  }
  gauge('shop_cms_up', 'Whether the CMS answers its health check (1) or not (0)', (h) =>
    upOf(h.cms),
  );
  gauge(
    'shop_stamped_pdf_cache_bytes',
    'Bytes the stamped copies of the PDFs take',
    (h) => h.stampedPdfCache.usedBytes,
  );
  gauge(
    'shop_stamped_pdf_disk_free_bytes',
    'Bytes free on the disk that holds the stamped copies',
    (h) => h.stampedPdfCache.freeBytes,
  );
  new Gauge({
    name: 'shop_job_last_run_failed',
    help: "Whether a job's last run failed (1) or not (0), by job; no value before its first run",
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      for (const job of (await health()).jobs)
        this.set(
          { job: job.name },
          job.lastOutcome === null ? Number.NaN : job.lastOutcome === 'failed' ? 1 : 0,
        );
    },
  });
  new Gauge({
    name: 'shop_checkout_sessions',
    help: 'Checkout sessions the shop has ever started, and of them those paid, by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const figures = await readCheckoutSessionFigures(deps.db);
      this.set({ state: 'started' }, figures.started);
      this.set({ state: 'paid' }, figures.paid);
    },
  });
}

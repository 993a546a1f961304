/**
 * The shop's health for administrators (docs/product.md#shop-health): `GET /api/admin/health`,
 * the figures of the console's status panel. The same figures are the commerce service's
 * Prometheus gauges (docs/reliability.md#telemetry-and-health).
 */
import { z } from 'zod';

/** A dependency the shop reaches: `unconfigured` when this shop runs without one (Redis). */
export const dependencyStateSchema = z.enum(['up', 'down', 'unconfigured']);

const seconds = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** One of the shop's jobs (commerce-service/src/jobs.ts) and its last run on any replica. */
export const jobHealthSchema = z.object({
  name: z.string(),
  /** What the console calls it. */
  label: z.string(),
  everySeconds: seconds,
  /** When its last run started (ISO 8601); null when it has not run yet. */
  lastRunAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  /** What its last run did: messages sent, refunds made, rows swept. */
  lastDone: count.nullable(),
  /** When it is due next: its last run and its period; null when it has not run yet. */
  nextRunAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const shopHealthSchema = z.object({
  /** When the figures were read (ISO 8601). */
  checkedAt: z.string(),
  mailOutbox: z.object({
    /** Messages not sent yet, due or waiting for a retry. */
    pending: count,
    /** Age of the oldest message not sent yet; null when the outbox is empty. */
    oldestAgeSeconds: seconds.nullable(),
    /** Messages not sent yet whose sending failed at least once. */
    failed: count,
  }),
  webhooks: z.object({
    /** Age of the newest Stripe event the shop processed; null when it has processed none. */
    newestEventAgeSeconds: seconds.nullable(),
    /** Webhook calls this replica refused or failed since it started. */
    failuresSinceStart: count,
  }),
  /** When the shop last saw a member resource published in the CMS; null when never. */
  lastPublishAt: z.string().nullable(),
  redis: dependencyStateSchema,
  cms: dependencyStateSchema,
  stampedPdfCache: z.object({
    /** Bytes the stamped copies take. */
    usedBytes: count,
    /** Bytes free on the disk that holds them; null when it cannot be read. */
    freeBytes: count.nullable(),
  }),
  /** The shop's jobs, in the order they are declared. */
  jobs: z.array(jobHealthSchema),
});

export type DependencyState = z.infer<typeof dependencyStateSchema>;
export type ShopHealth = z.infer<typeof shopHealthSchema>;
export type JobHealth = z.infer<typeof jobHealthSchema>;

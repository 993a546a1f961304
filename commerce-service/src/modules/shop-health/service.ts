/**
 * The shop's health (docs/reliability.md#telemetry-and-health): the figures of the console's
 * status panel and of the Prometheus gauges, read in one place so that both say the same.
 */
import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { DependencyState, JobHealth, ShopHealth } from '@aba-shop/contract';
import type { Database, JobRunTable } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import {
  readJobRuns,
  readLastPublishSeenAt,
  readNewestWebhookEventAt,
  readOutboxFigures,
} from './repository.ts';

/** What the service knows only while it runs, beside what its database holds. */
export interface ShopSignals {
  /** The shared Redis client, or null when the shop runs without one. */
  redis: Pick<Redis, 'status'> | null;
  /** Whether the CMS answers now (a recent probe's answer; see createCmsProbe). */
  cms: () => Promise<Exclude<DependencyState, 'unconfigured'>>;
  /** Webhook calls (Stripe's, the CMS's) this process refused or failed since it started. */
  webhookFailures: () => number;
}

/** A job as the shop declares it (src/jobs.ts): its name, words and period. */
export interface JobSchedule {
  name: string;
  label: string;
  everyMs: number;
}

export interface ShopHealthDependencies {
  db: Kysely<Database>;
  config: Pick<Config, 'STAMPED_PDF_DIR'>;
  shopSignals: ShopSignals;
  jobs: JobSchedule[];
}

/** A declared job with its last run, if it has had one. */
export function jobHealthOf(job: JobSchedule, run: JobRunTable | undefined): JobHealth {
  return {
    name: job.name,
    label: job.label,
    everySeconds: Math.round(job.everyMs / 1000),
    lastRunAt: run?.last_started_at ?? null,
    lastOutcome: run?.last_outcome ?? null,
    lastDone: run ? Number(run.last_done) : null,
    nextRunAt: run ? new Date(Date.parse(run.last_started_at) + job.everyMs).toISOString() : null,
    lastFailureAt: run?.last_failed_at ?? null,
    lastError: run?.last_error ?? null,
  };
}

/** How long one answer of the CMS's health check stands: scrapes and panels share it. */
const CMS_PROBE_FRESH_MS = 10_000;
const CMS_PROBE_TIMEOUT_MS = 2_000;

/**
 * Asks the CMS's own health check (`/_health`, 204 from Strapi) at most every
 * CMS_PROBE_FRESH_MS; callers in between, and callers while a probe is under way, share its answer.
 */
export function createCmsProbe(
  cmsUrl: string,
  { fetchImpl = fetch, freshMs = CMS_PROBE_FRESH_MS } = {},
): ShopSignals['cms'] {
  let last: { at: number; answer: Promise<'up' | 'down'> } | undefined;
  const probe = async (): Promise<'up' | 'down'> => {
    try {
      const response = await fetchImpl(new URL('/_health', cmsUrl), {
        signal: AbortSignal.timeout(CMS_PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.ok ? 'up' : 'down';
    } catch {
      return 'down';
    }
  };
  return () => {
    if (!last || Date.now() - last.at >= freshMs) last = { at: Date.now(), answer: probe() };
    return last.answer;
  };
}

export function redisState(redis: ShopSignals['redis']): DependencyState {
  if (!redis) return 'unconfigured';
  return redis.status === 'ready' ? 'up' : 'down';
}

/** Bytes the stamped copies take, and free on their disk (null when it cannot be read). */
export async function stampedPdfCacheFigures(dir: string) {
  let usedBytes = 0;
  try {
    const names = await readdir(dir);
    const sizes = await Promise.all(
      names.map((name) =>
        stat(path.join(dir, name)).then(
          (stats) => (stats.isFile() ? stats.size : 0),
          // A copy evicted between the listing and its stat takes no room.
          () => 0,
        ),
      ),
    );
    usedBytes = sizes.reduce((sum, size) => sum + size, 0);
  } catch {
    // No folder yet: nothing has been stamped.
  }
  let freeBytes: number | null = null;
  // The folder is made on the first stamp; until then its parent's disk is the one it will use.
  for (const folder of [dir, path.dirname(dir)]) {
    try {
      const disk = await statfs(folder);
      freeBytes = Number(disk.bavail) * Number(disk.bsize);
      break;
    } catch {
      continue;
    }
  }
  return { usedBytes, freeBytes };
}

const ageSeconds = (at: string | null, now: number) =>
  at === null ? null : Math.max(0, Math.floor((now - Date.parse(at)) / 1000));

export async function shopHealth(deps: ShopHealthDependencies): Promise<ShopHealth> {
  const now = Date.now();
  const [outbox, newestEvent, lastPublishAt, cms, stampedPdfCache, runs] = await Promise.all([
    readOutboxFigures(deps.db),
    readNewestWebhookEventAt(deps.db),
    readLastPublishSeenAt(deps.db),
    deps.shopSignals.cms(),
    stampedPdfCacheFigures(deps.config.STAMPED_PDF_DIR),
    readJobRuns(deps.db),
  ]);
  return {
    checkedAt: new Date(now).toISOString(),
    mailOutbox: {
      pending: outbox.pending,
      oldestAgeSeconds: ageSeconds(outbox.oldestCreatedAt, now),
      failed: outbox.failed,
    },
    webhooks: {
      newestEventAgeSeconds: ageSeconds(newestEvent, now),
      failuresSinceStart: deps.shopSignals.webhookFailures(),
    },
    lastPublishAt,
    redis: redisState(deps.shopSignals.redis),
    cms,
    stampedPdfCache,
    jobs: deps.jobs.map((job) =>
      jobHealthOf(
        job,
        runs.find((run) => run.name === job.name),
      ),
    ),
  };
}

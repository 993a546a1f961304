/**
 * The shop's jobs, declared in one place (docs/adr/0044-jobs-declared-in-one-place.md): each
 * with its name, its words for the console, its period and its pass. Every replica runs them
 * when the service is built with `runJobs` (the server is; tests drive the passes themselves):
 * at start, then every period, one pass of a job at a time per replica, the last pass awaited
 * when the service closes. Two replicas may run the same pass; each pass claims its work (the
 * outbox's leases, the refunds' attempts), so nothing is done twice. Each run is kept in
 * `job_runs`, for the console's shop health (docs/product.md#shop-health).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { RETENTION_SWEEP_INTERVAL_HOURS } from '@aba-shop/contract/constants';
import type { Database } from './db/schema.ts';
import type { Config } from './config.ts';
import { sendDueFollowUps, type FollowUpsDependencies } from './modules/follow-ups/service.ts';
import type { MailWorker } from './modules/mail/worker.ts';
import {
  announceMemberResources,
  type MemberContentDependencies,
} from './modules/member-content/service.ts';
import { sendPublishedIssues, type NewsletterDependencies } from './modules/newsletter/service.ts';
import { sweepExpiredData } from './modules/privacy/service.ts';
import { deliverPendingReviews, type ReviewsDependencies } from './modules/reviews/service.ts';
import { retryPendingRefunds, type RefundsDependencies } from './modules/orders/service.ts';

export interface Job {
  /** The job's name in logs and in `job_runs`. */
  name: string;
  /** What the console calls it, in Italian as the console speaks. */
  label: string;
  everyMs: number;
  /** Does what is due; answers how much it did (messages sent, refunds made, rows swept). */
  pass: () => Promise<number>;
}

export type JobsDependencies = RefundsDependencies &
  FollowUpsDependencies &
  NewsletterDependencies &
  ReviewsDependencies &
  Pick<MemberContentDependencies, 'db' | 'config' | 'memberContent'> & {
    config: Pick<Config, 'MAIL_POLL_INTERVAL_MS' | 'SCHEDULED_MESSAGES_INTERVAL_MS'>;
  };

const MINUTE_MS = 60_000;

/** Every job of the shop. The ones that reach the CMS are there only when the CMS is set up. */
export function shopJobs(
  deps: JobsDependencies,
  mailWorker: MailWorker,
  log: FastifyBaseLogger,
): Job[] {
  const { config } = deps;
  const withCms = Boolean(config.MEMBER_CONTENT_SECRET);
  const jobs: (Job | false)[] = [
    {
      name: 'mail-delivery',
      label: 'Invio della posta in uscita',
      everyMs: config.MAIL_POLL_INTERVAL_MS,
      pass: () => mailWorker.runOnce(),
    },
    {
      name: 'scheduled-messages',
      label: 'Messaggi programmati (benvenuto, recensioni, promemoria)',
      everyMs: config.SCHEDULED_MESSAGES_INTERVAL_MS,
      pass: () => sendDueFollowUps(deps, log),
    },
    {
      name: 'refund-retry',
      label: 'Rimborsi da ritentare (assistenza e recessi)',
      everyMs: 5 * MINUTE_MS,
      pass: () => retryPendingRefunds(deps, log),
    },
    {
      name: 'retention-sweep',
      label: 'Cancellazione dei dati scaduti',
      everyMs: RETENTION_SWEEP_INTERVAL_HOURS * 60 * MINUTE_MS,
      pass: async () =>
        Object.values(await sweepExpiredData(deps)).reduce((sum, deleted) => sum + deleted, 0),
    },
    withCms && {
      name: 'member-resources',
      label: 'Avvisi delle nuove risorse per i membri',
      everyMs: 10 * MINUTE_MS,
      pass: () => announceMemberResources(deps),
    },
    withCms && {
      name: 'newsletter-issues',
      label: 'Numeri della newsletter pubblicati',
      everyMs: 10 * MINUTE_MS,
      pass: () => sendPublishedIssues(deps),
    },
    withCms && {
      name: 'review-delivery',
      label: 'Recensioni da consegnare al CMS',
      everyMs: 5 * MINUTE_MS,
      pass: () => deliverPendingReviews(deps, log),
    },
  ];
  return jobs.filter((job): job is Job => job !== false);
}

/**
 * A run is written when it did something or failed, when it follows a failure, and otherwise
 * at most once a minute: the outbox's pass runs every second and mostly finds nothing.
 */
const QUIET_RECORD_MS = MINUTE_MS;

async function recordRun(
  db: Kysely<Database>,
  job: Job,
  run: { startedAt: string; done: number; error: unknown },
) {
  const finishedAt = new Date().toISOString();
  const failed = run.error !== undefined;
  const outcome = failed ? ('failed' as const) : ('ok' as const);
  const last = {
    last_started_at: run.startedAt,
    last_finished_at: finishedAt,
    last_outcome: outcome,
    last_done: run.done,
    ...(failed
      ? {
          last_failed_at: finishedAt,
          last_error: String((run.error as Error)?.message ?? run.error).slice(0, 500),
        }
      : {}),
  };
  await db
    .insertInto('job_runs')
    .values({ name: job.name, last_failed_at: null, last_error: null, ...last })
    .onConflict((conflict) => conflict.column('name').doUpdateSet(last))
    .execute();
}

/** Runs each job on this replica from when the service is ready until it closes. */
export function runJobs(app: FastifyInstance, db: Kysely<Database>, jobs: Job[]): void {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  for (const job of jobs) {
    let passing = false;
    let lastRecorded = { at: 0, outcome: 'ok' };
    const run = () => {
      // A slow provider or CMS can make a pass outlast the period: one at a time.
      if (passing) return;
      passing = true;
      const startedAt = new Date().toISOString();
      const pass = job
        .pass()
        .then(
          (done) => ({ done, error: undefined }),
          (error: unknown) => ({ done: 0, error }),
        )
        .then(async ({ done, error }) => {
          if (error !== undefined) app.log.error({ err: error, job: job.name }, 'job failed');
          else if (done > 0) app.log.info({ job: job.name, done }, 'job done');
          const outcome = error === undefined ? 'ok' : 'failed';
          const quiet = done === 0 && outcome === 'ok' && lastRecorded.outcome === 'ok';
          if (quiet && Date.now() - lastRecorded.at < QUIET_RECORD_MS) return;
          await recordRun(db, job, { startedAt, done, error });
          lastRecorded = { at: Date.now(), outcome };
        })
        .catch((error: unknown) =>
          app.log.warn({ err: error, job: job.name }, "a job's run could not be recorded"),
        )
        .finally(() => {
          passing = false;
          running.delete(pass);
        });
      running.add(pass);
    };
    app.addHook('onReady', async () => {
      run();
      const timer = setInterval(run, job.everyMs);
      timer.unref();
      timers.push(timer);
    });
  }
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  });
}

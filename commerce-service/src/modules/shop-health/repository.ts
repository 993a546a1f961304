/**
 * The database's part of the shop's health: small aggregate queries, cheap enough to run on
 * every Prometheus scrape (the outbox's by its status index).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OutboxFigures {
  pending: number;
  failed: number;
  /** created_at of the oldest message not sent, or null. */
  oldestCreatedAt: string | null;
}

export async function readOutboxFigures(db: Kysely<Database>): Promise<OutboxFigures> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('pending'),
      eb.fn.count<number | string>(eb.case().when('attempts', '>', 0).then(1).end()).as('failed'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldestCreatedAt: row.oldest ?? null,
  };
}

/** received_at of the newest Stripe event processed, or null. */
export async function readNewestWebhookEventAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.max('received_at').as('newest'))
    .executeTakeFirstOrThrow();
  return row.newest ?? null;
}

/** When the shop first saw its newest member resource published, or null. */
export async function readLastPublishSeenAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('member_resources_seen')
    .select((eb) => eb.fn.max('first_seen_at').as('newest'))
    .executeTakeFirstOrThrow();
  return row.newest ?? null;
}

export interface CheckoutSessionFigures {
  started: number;
  paid: number;
}

/** Every checkout session the shop has started, and how many of them were paid. */
export async function readCheckoutSessionFigures(
  db: Kysely<Database>,
): Promise<CheckoutSessionFigures> {
  const row = await db
    .selectFrom('checkout_sessions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('started'),
      eb.fn.count<number | string>('paid_at').as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return { started: Number(row.started), paid: Number(row.paid) };
}

/** The jobs' last runs, whichever replica ran them (src/jobs.ts). */
export function readJobRuns(db: Kysely<Database>) {
  return db.selectFrom('job_runs').selectAll().execute();
}

/**
 * Sends what the outbox holds. Every replica of the service runs a worker; each pass claims due
 * messages a batch at a time by leasing them (pushing their next attempt forward) in one
 * statement, which on PostgreSQL skips rows another worker is claiming (FOR UPDATE SKIP LOCKED),
 * so two workers never pick the same message and no leader is needed. A pass drains everything
 * due, so a burst of orders is mailed at once rather than a batch per poll interval. A failure
 * is retried with exponential back-off, and a message is never dropped.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.ts';
import type { SendMail } from './transport.ts';

const BATCH = 20;
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 15 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface MailWorker {
  /** Sends every message that is due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Waits for the pass under way, if any (the shop's jobs run the passes, src/jobs.ts). */
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  /** How long a claimed message is kept from other workers unless renewed (tests shorten it). */
  leaseMs?: number;
}

type OutboxMessage = Selectable<MailOutboxTable>;

export function createMailWorker(
  db: Kysely<Database>,
  send: SendMail,
  log: FastifyBaseLogger,
  { leaseMs = LEASE_MS }: MailWorkerOptions = {},
): MailWorker {
  let running: Promise<number> | undefined;
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const leaseEnd = () => new Date(Date.now() + leaseMs).toISOString();

  /** Leases up to BATCH due messages in one statement; another worker cannot take the same. */
  async function claim(): Promise<OutboxMessage[]> {
    const now = new Date().toISOString();
    const due = db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('created_at')
      .limit(BATCH)
      // SQLite runs one write statement at a time, so there the statement alone is atomic.
      .$if(onPostgres, (query) => query.forUpdate().skipLocked());
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: leaseEnd() })
      .where('id', 'in', due)
      // Checked again on the row as updated, in case another worker leased it meanwhile.
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .execute();
    return claimed.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /**
   * Extends the lease this worker holds (the lease end it wrote is its token); null when the
   * lease ran out and another worker has leased the message since.
   */
  async function renew(id: string, held: string): Promise<string | null> {
    const lease = leaseEnd();
    const renewed = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: lease })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', held)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1 ? lease : null;
  }

  /** Sends one claimed message; false when another worker has it now. */
  async function deliverOne(message: OutboxMessage): Promise<boolean> {
    // The batch's later messages waited while the earlier ones were sent.
    let held = await renew(message.id, message.next_attempt_at);
    if (!held) return false;
    // A slow SMTP server can take longer than the lease: keep renewing it while sending.
    const heartbeat = setInterval(() => {
      if (held)
        renew(message.id, held)
          .then((lease) => (held = lease))
          .catch((error: unknown) => log.warn({ err: error }, 'renewing a mail lease failed'));
    }, leaseMs / 3);
    try {
      await send({
        id: message.id,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        replyTo: message.reply_to,
        listUnsubscribe: message.list_unsubscribe,
      });
    } catch (error) {
      const attempts = message.attempts + 1;
      log.warn({ err: error, mailId: message.id, attempts }, 'sending mail failed; will retry');
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: (error as Error).message.slice(0, 500),
          next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
        })
        .where('id', '=', message.id)
        .execute();
      return false;
    } finally {
      clearInterval(heartbeat);
    }
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date().toISOString(), attempts: message.attempts + 1 })
      .where('id', '=', message.id)
      .execute();
    return true;
  }

  async function deliver(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      for (const message of batch) if (await deliverOne(message)) sent += 1;
      if (batch.length < BATCH) return sent;
    }
  }

  const runOnce = () => {
    // One delivery pass at a time per instance.
    running ??= deliver().finally(() => (running = undefined));
    return running;
  };

  return {
    runOnce,
    async stop() {
      await running;
    },
  };
}

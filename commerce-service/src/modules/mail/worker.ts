/**
 * Sends what the outbox holds. Each message is leased (its next attempt pushed forward)
 * before sending, so two service instances never send the same message at once; a failure
 * is retried with exponential back-off, and a message is never dropped.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
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
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createMailWorker(
  db: Kysely<Database>,
  send: SendMail,
  log: FastifyBaseLogger,
): MailWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliver(): Promise<number> {
    const now = new Date();
    const due = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const message of due) {
      const lease = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where('id', '=', message.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', message.next_attempt_at)
        .executeTakeFirst();
      if (Number(lease.numUpdatedRows) !== 1) continue; // another instance took it
      try {
        await send({
          id: message.id,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        });
        await db
          .updateTable('mail_outbox')
          .set({
            status: 'sent',
            sent_at: new Date().toISOString(),
            attempts: message.attempts + 1,
          })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
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
      }
    }
    return sent;
  }

  const runOnce = () => {
    // One delivery pass at a time per instance.
    running ??= deliver().finally(() => (running = undefined));
    return running;
  };

  return {
    runOnce,
    start(intervalMs) {
      const tick = () => {
        runOnce()
          .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

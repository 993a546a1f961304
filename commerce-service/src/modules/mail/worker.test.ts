import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { enqueueMail } from './outbox.ts';
import type { MailMessage } from './transport.ts';
import { retryDelayMs } from './worker.ts';

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [5, 16_000],
    [20, 15 * 60_000],
  ])('waits after attempt %i for %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});

describe('the mail worker', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('keeps a message through an SMTP outage and sends it once the server is back', async () => {
    let smtpUp = false;
    const delivered: MailMessage[] = [];
    const app = await buildApp(database.config, {
      sendMail: async (message) => {
        if (!smtpUp) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        delivered.push(message);
      },
    });
    try {
      await enqueueMail(app.db, {
        to: 'parent@example.com',
        subject: 'Your order',
        text: 'Thanks',
        dedupeKey: 'outage-test',
      });
      expect(await app.mailWorker.runOnce()).toBe(0);
      const failed = await app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', '=', 'outage-test')
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      });
      expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now());

      // The retry is due later; until then nothing is sent twice or lost.
      smtpUp = true;
      expect(await app.mailWorker.runOnce()).toBe(0);
      await app.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(0).toISOString() })
        .where('dedupe_key', '=', 'outage-test')
        .execute();
      expect(await app.mailWorker.runOnce()).toBe(1);
      expect(delivered.map((message) => message.subject)).toEqual(['Your order']);
      const sent = await app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('dedupe_key', '=', 'outage-test')
        .executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      expect(await app.mailWorker.runOnce()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('keeps one message when the same mail is queued twice', async () => {
    const app = await buildApp(database.config, { sendMail: async () => {} });
    try {
      for (let index = 0; index < 2; index += 1) {
        await enqueueMail(app.db, {
          to: 'a@example.com',
          subject: 'Once',
          text: 'x',
          dedupeKey: 'twice-queued',
        });
      }
      const rows = await app.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('dedupe_key', '=', 'twice-queued')
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('writes one .eml file per message when no SMTP server is configured', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const app = await buildApp(database.config);
    try {
      await enqueueMail(app.db, {
        to: 'file@example.com',
        subject: 'On disk',
        text: 'Hello from the outbox',
        html: '<p>Hello</p>',
      });
      await app.mailWorker.runOnce();
      const files = readdirSync(database.config.MAIL_OUTBOX_DIR).filter((name) =>
        name.endsWith('.eml'),
      );
      const message = files
        .map((name) => readFileSync(`${database.config.MAIL_OUTBOX_DIR}/${name}`, 'utf8'))
        .find((text) => text.includes('Subject: On disk'));
      expect(message).toContain('To: file@example.com');
      expect(message).toContain('Hello from the outbox');
      expect(message).toContain('multipart/alternative');
    } finally {
      await app.close();
    }
  });
});

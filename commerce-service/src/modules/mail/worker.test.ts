import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { enqueueMail } from './outbox.ts';
import type { MailMessage } from './transport.ts';
import { createMailWorker, retryDelayMs } from './worker.ts';

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

  /** Queues `count` messages whose subjects start with `label`. */
  async function enqueueMany(
    app: Awaited<ReturnType<typeof buildApp>>,
    label: string,
    count: number,
  ) {
    for (let index = 0; index < count; index += 1) {
      await enqueueMail(app.db, {
        to: `${label}-${index}@example.com`,
        subject: `${label} ${index}`,
        text: 'x',
      });
    }
  }

  it('sends everything due in one pass, not one batch per poll interval', async () => {
    const delivered: string[] = [];
    const app = await buildApp(database.config, {
      sendMail: async (message) => void delivered.push(message.subject),
    });
    try {
      await enqueueMany(app, 'Drain', 45);
      await app.mailWorker.runOnce();
      expect(delivered.filter((subject) => subject.startsWith('Drain '))).toHaveLength(45);
    } finally {
      await app.close();
    }
  });

  it('delivers each message exactly once when two workers (two replicas) run on one database', async () => {
    const delivered: string[] = [];
    // Each send takes a moment, so the two workers' passes overlap.
    const sendMail = async (message: MailMessage) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      delivered.push(message.subject);
    };
    const first = await buildApp(database.config, { sendMail });
    const second = await buildApp(database.config, { sendMail });
    try {
      await enqueueMany(first, 'Replicas', 100);
      await Promise.all([
        first.mailWorker.runOnce(),
        second.mailWorker.runOnce(),
        new Promise((resolve) => setTimeout(resolve, 20)).then(() => second.mailWorker.runOnce()),
      ]);
      const ours = delivered.filter((subject) => subject.startsWith('Replicas '));
      expect(ours).toHaveLength(100);
      expect(new Set(ours).size).toBe(100);
      const pending = await first.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      expect(pending).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps a message from another worker while a send takes longer than the lease', async () => {
    const app = await buildApp(database.config, { sendMail: async () => {} });
    const leaseMs = 150;
    const slowSends: string[] = [];
    const otherSends: string[] = [];
    const slow = createMailWorker(
      app.db,
      async (message) => {
        await new Promise((resolve) => setTimeout(resolve, leaseMs * 4));
        slowSends.push(message.subject);
      },
      app.log,
      { leaseMs },
    );
    const other = createMailWorker(
      app.db,
      async (message) => void otherSends.push(message.subject),
      app.log,
      {
        leaseMs,
      },
    );
    try {
      await enqueueMany(app, 'Slow', 1);
      const sending = slow.runOnce();
      // Past the first lease's end, the other worker looks for due mail again and again.
      for (let pass = 0; pass < 6; pass += 1) {
        await new Promise((resolve) => setTimeout(resolve, leaseMs / 2));
        await other.runOnce();
      }
      expect(await sending).toBe(1);
      expect(slowSends).toEqual(['Slow 0']);
      expect(otherSends).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

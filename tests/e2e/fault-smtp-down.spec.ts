/**
 * Faults (issue 8): the mail server is down. Orders still complete, because fulfilment only
 * writes the confirmation to the outbox; when the server is back, the outbox worker sends each
 * confirmation, none lost and none twice. The SMTP server is a local one the test starts.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openCommerceDatabase, type CommerceDatabase } from '../support/commerce-database.js';
import { payCheckout, startCheckout } from '../support/shop.js';
import { createSmtpInbox } from '../support/smtp-inbox.js';
import { startCommerceService } from '../support/stack.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const BUYERS = ['smtp.down.1@example.com', 'smtp.down.2@example.com', 'smtp.down.3@example.com'];
const CONFIRMATION = 'Your ABA Parent Guides order and downloads';

const confirmations = (db: CommerceDatabase, status: 'pending' | 'sent', minAttempts = 0) =>
  db.count(
    `select count(*) from mail_outbox
     where to_address like 'smtp.down.%' and status = ? and attempts >= ?`,
    status,
    minAttempts,
  );

test('orders complete while the SMTP server is down, and each confirmation is sent once when it is back', async ({
  playwright,
}) => {
  const inbox = await createSmtpInbox();
  const commerce = await startCommerceService({
    env: { SMTP_URL: inbox.url, MAIL_POLL_INTERVAL_MS: '200' },
  });
  const api = await playwright.request.newContext({ baseURL: commerce.url });
  let db: CommerceDatabase | undefined;
  try {
    for (const email of BUYERS) {
      const { sessionId } = await startCheckout(api, [
        { productId: 'ebook-aba-case-studies', quantity: 1 },
      ]);
      await payCheckout(api, sessionId, email);
      const detail = await api.get(`/api/products/purchase-detail?sessionId=${sessionId}`);
      expect(detail.status()).toBe(200);
      expect(((await detail.json()) as { customerEmail: string }).customerEmail).toBe(email);
    }

    db = await openCommerceDatabase({ sqliteFile: path.join(commerce.dataDir, 'commerce.sqlite') });
    const outbox = db;
    // Every confirmation was tried, refused, and waits in the outbox for its next attempt.
    await expect.poll(() => confirmations(outbox, 'pending', 1)).toBe(BUYERS.length);
    const [failure] = await outbox.query<{ last_error: string }>(
      "select last_error from mail_outbox where to_address like 'smtp.down.%' limit 1",
    );
    expect(failure?.last_error).toMatch(/ECONNREFUSED/);
    expect(inbox.messages).toEqual([]);

    const backAt = Date.now();
    await inbox.start();
    await expect.poll(() => inbox.messages.length, { timeout: 20_000 }).toBe(BUYERS.length);
    const lastDelivered = Math.max(...inbox.messages.map((message) => message.receivedAt));
    console.log(`[faults] SMTP back: all confirmations delivered in ${lastDelivered - backAt} ms`);

    expect(inbox.messages.flatMap((message) => message.to).sort()).toEqual([...BUYERS].sort());
    expect(new Set(inbox.messages.map((message) => message.subject))).toEqual(
      new Set([CONFIRMATION]),
    );
    await expect.poll(() => confirmations(outbox, 'sent')).toBe(BUYERS.length);
    // Several more worker passes: a message sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(inbox.messages).toHaveLength(BUYERS.length);
  } finally {
    await db?.close();
    await api.dispose();
    await commerce.close();
    await inbox.stop();
  }
});

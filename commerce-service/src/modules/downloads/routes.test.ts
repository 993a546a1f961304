import { renameSync } from 'node:fs';
import path from 'node:path';
import {
  buyLocally,
  createTestApp,
  entitlementOf,
  pathOf,
  refundInStripe,
  type TestApp,
} from '../../test-support/app.ts';
import { TEST_ENV } from '../../test-support/database.ts';
import { purchaseDetailSchema } from '@aba-shop/contract';
import { signDownloadToken } from './signing.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function linksOf(sessionId: string) {
  const detail = purchaseDetailSchema.parse(
    (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
  );
  return detail.products.flatMap((product) => product.files);
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() as string;
const NOW = () => Math.floor(Date.now() / 1000);

describe('GET /api/downloads/{token}', () => {
  it('refuses a forged token with 403 and a clear message', async () => {
    const response = await t.app.inject({
      url: '/api/downloads/eyJlIjoiZW50XzEifQ.forgedsignature',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/not valid/);
  });

  it('refuses a token signed with another key', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'a@example.com',
    );
    const { id } = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    const token = signDownloadToken(
      { entitlementId: id, fileKey: 'aba-for-parents.pdf', expiresAt: NOW() + 3600 },
      'some-other-key-that-is-also-long-enough-000',
    );
    expect((await t.app.inject({ url: `/api/downloads/${token}` })).statusCode).toBe(403);
  });

  it('answers 503 with a message, not a server error, when a bought file is missing', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-case-studies', quantity: 1 }],
      'missing-file@example.com',
    );
    const [pdf] = await linksOf(sessionId);
    const file = path.join(t.app.config.ASSETS_DIR, 'aba-case-studies.pdf');
    renameSync(file, `${file}.away`);
    try {
      const response = await t.app.inject({ url: pathOf(pdf?.url ?? '') });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message:
          'This file cannot be downloaded right now. Please try again later or write to support.',
      });
    } finally {
      renameSync(`${file}.away`, file);
    }
    expect((await t.app.inject({ url: pathOf(pdf?.url ?? '') })).statusCode).toBe(200);
  });

  it('answers 410 once a link has expired', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'b@example.com',
    );
    const { id } = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    const token = signDownloadToken(
      { entitlementId: id, fileKey: 'aba-for-parents.pdf', expiresAt: NOW() - 1 },
      TEST_ENV.DOWNLOAD_SIGNING_SECRET,
    );
    const response = await t.app.inject({ url: `/api/downloads/${token}` });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toMatch(/expired/);
  });

  it('never serves a file the entitlement does not grant, even with a valid signature', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'c@example.com',
    );
    const { id } = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    const token = signDownloadToken(
      { entitlementId: id, fileKey: 'aba-case-studies.pdf', expiresAt: NOW() + 3600 },
      TEST_ENV.DOWNLOAD_SIGNING_SECRET,
    );
    expect((await t.app.inject({ url: `/api/downloads/${token}` })).statusCode).toBe(403);
  });

  it.each(['..%2F..%2Fetc%2Fpasswd', '..%2Fcommerce.sqlite', '%2e%2e%2f%2e%2e%2fpackage.json'])(
    'refuses the path traversal attempt %s',
    async (attempt) => {
      const response = await t.app.inject({ url: `/api/downloads/${attempt}` });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    },
  );

  it('stops serving a refunded order, even through links handed out before', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-case-studies', quantity: 1 }],
      'd@example.com',
    );
    const [link] = await linksOf(sessionId);
    expect((await t.app.inject({ url: pathOf(link?.url as string) })).statusCode).toBe(200);
    const { orderId } = await entitlementOf(t.app, sessionId, 'aba-case-studies.pdf');
    await t.app.db
      .updateTable('orders')
      .set({ payment_intent_id: 'pi_refund_test' })
      .where('id', '=', orderId)
      .execute();
    expect(await refundInStripe(t, 'pi_refund_test')).toBe(2);
    const after = await t.app.inject({ url: pathOf(link?.url as string) });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(/refunded/);
  });

  it('counts each download', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'e@example.com',
    );
    const [pdf] = await linksOf(sessionId);
    await t.app.inject({ url: pathOf(pdf?.url as string) });
    await t.app.inject({ url: pathOf(pdf?.url as string) });
    const row = await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf');
    expect(row.download_count).toBe(2);
    expect(tokenOf(pdf?.url as string)).toMatch(/^[\w-]+\.[\w-]+$/);
  });
});

describe('POST /api/downloads/resend', () => {
  it('answers the same 202 whether or not the address bought, and e-mails only a buyer', async () => {
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-complete-pack', quantity: 1 }],
      'buyer@example.com',
    );
    await t.app.mailWorker.runOnce();
    const before = t.mail.length;

    const known = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      payload: { email: 'Buyer@Example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      payload: { email: 'stranger@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    await t.app.mailWorker.runOnce();
    const sent = t.mail.slice(before);
    expect(sent.map((message) => message.to)).toEqual(['buyer@example.com']);
    expect(sent[0]?.subject).toBe('Your ABA Parent Guides download links');
    expect(sent[0]?.text.match(/\/api\/downloads\//g)).toHaveLength(4);
  });

  let client = 0;
  const askForLinks = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      payload: { email },
      // A client of its own each time: the limit per address holds whoever asks.
      remoteAddress: `10.9.${Math.floor(++client / 250)}.${client % 250}`,
    });

  it('e-mails an address its links at most three times an hour, whichever clients ask', async () => {
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-complete-pack', quantity: 1 }],
      'flooded@example.com',
    );
    await t.app.mailWorker.runOnce();
    const before = t.mail.length;

    const answers = [];
    for (const email of ['flooded@example.com', 'FLOODED@example.com', 'flooded@example.com']) {
      answers.push(await askForLinks(email));
    }
    // Over the limit: the same answer, and no e-mail.
    const overLimit = await askForLinks('Flooded@Example.com');
    const stranger = await askForLinks('nobody-bought@example.com');
    for (const answer of [...answers, overLimit, stranger]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(stranger.body);
    }

    await t.app.mailWorker.runOnce();
    const sent = t.mail.slice(before).filter((message) => message.to === 'flooded@example.com');
    expect(sent).toHaveLength(3);
  });

  it('keeps no address in its count, and sends again once the hour has passed', async () => {
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-complete-pack', quantity: 1 }],
      'patient@example.com',
    );
    for (let turn = 0; turn < 4; turn += 1) await askForLinks('patient@example.com');
    const rows = await t.app.db.selectFrom('download_link_requests').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/patient/);

    // The hour is over for every request counted so far.
    const hourAgo = new Date(Date.now() - 3_601_000).toISOString();
    await t.app.db.updateTable('download_link_requests').set({ requested_at: hourAgo }).execute();
    await t.app.mailWorker.runOnce();
    const before = t.mail.length;
    await askForLinks('patient@example.com');
    await t.app.mailWorker.runOnce();
    expect(t.mail.slice(before).map((message) => message.to)).toEqual(['patient@example.com']);
  });

  it('refuses a malformed address with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid body: email/);
  });
});

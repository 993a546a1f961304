/**
 * The buyer's data on request (docs/product.md#your-data): the export, the erasure request,
 * support's processing, and the retention sweep, checked against the database itself.
 */
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import {
  CONSENT_TEXT_VERSION,
  adminDataRequestPageSchema,
  adminDataRequestSchema,
  dataExportSchema,
  erasureRequestAnswerSchema,
  purchaseDetailSchema,
} from '@aba-shop/contract';
import {
  buyLocally,
  cookieHeader,
  createTestApp,
  pathOf,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import { buildApp } from '../../app.ts';
import { createTestDatabase } from '../../test-support/database.ts';
import { downloadHistoriesOf } from '../downloads/service.ts';
import { applyMembershipState } from '../memberships/service.ts';
import { sweepExpiredData } from './service.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'support@example.com' });
  admin = await signInByCode(t, 'support@example.com');
});
afterAll(() => t.close());

const EBOOK = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
const MEMBERSHIP = [{ productId: 'aba-parent-support-monthly', quantity: 1 }];

/** Every table the shop keeps, Better Auth's and any added later included. */
async function allTables(): Promise<string[]> {
  const { rows } =
    t.app.db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          t.app.db,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.app.db,
        );
  return rows.map((row) => row.name);
}

/** The tables whose rows mention the text anywhere, with how many. */
async function tablesMentioning(text: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const tables = await allTables();
  expect(tables).toEqual(expect.arrayContaining(['orders', 'user', 'session', 'data_requests']));
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.app.db,
    );
    const count = rows.filter((row) =>
      JSON.stringify(row).toLowerCase().includes(text.toLowerCase()),
    ).length;
    if (count > 0) found[table] = count;
  }
  return found;
}

function sendContactMessage(email: string, name: string, phone: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/forms/submit',
    payload: {
      formId: 'contact_form',
      name,
      email,
      phone,
      subject: 'eBook Support',
      message: 'Where do I find the audiobook of my purchase, please?',
      child_age: '4-5 years',
    },
  });
}

async function downloadUrlsOf(sessionId: string) {
  const detail = purchaseDetailSchema.parse(
    (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
  );
  return detail.products.flatMap((product) => product.files.map((file) => pathOf(file.url)));
}

/** A buyer who bought an eBook, downloaded it, wrote to support and signed in. */
async function buyer(email: string) {
  const sessionId = await buyLocally(t.app, EBOOK, email);
  const [pdf] = await downloadUrlsOf(sessionId);
  expect((await t.app.inject({ url: pdf as string })).statusCode).toBe(200);
  // A name and phone of this buyer's own, to look for after the erasure.
  const name = `Dana ${randomUUID().slice(0, 8)}`;
  const phone = `+1 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  expect((await sendContactMessage(email, name, phone)).statusCode).toBe(200);
  const cookie = await signInByCode(t, email);
  // The cookie banner's answer, given signed in.
  const consent = await t.app.inject({
    method: 'POST',
    url: '/api/consents',
    headers: { cookie },
    payload: {
      consentId: randomUUID(),
      choice: 'accepted',
      textVersion: CONSENT_TEXT_VERSION,
      language: 'en',
    },
  });
  expect(consent.statusCode).toBeLessThan(300);
  // The library the receipt opens on another device, with a place kept in it.
  await t.app.mailWorker.runOnce();
  const receipt = t.mail.find((mail) => mail.to === email && mail.text.includes('/library/open#'));
  const libraryLink = /(\S+\/library\/open#\S+)/.exec(receipt?.text ?? '')?.[1] as string;
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/library/session',
    payload: { token: new URL(libraryLink).hash.slice(1) },
  });
  expect(opened.statusCode).toBe(200);
  const library = cookieHeader(opened.headers['set-cookie']);
  const place = await t.app.inject({
    method: 'POST',
    url: '/api/library/progress',
    headers: { cookie: library },
    payload: { fileKey: 'aba-for-parents.pdf', position: 3 },
  });
  expect(place.statusCode).toBe(200);
  return { sessionId, pdf: pdf as string, cookie, name, phone, libraryLink, library };
}

/** Each request from a client of its own, so the route's per-client limit does not apply. */
let clients = 0;

function requestErasure(cookie: string | undefined, payload: unknown = { confirm: true }) {
  clients += 1;
  return t.app.inject({
    method: 'POST',
    remoteAddress: `10.9.${Math.floor(clients / 250)}.${clients % 250}`,
    url: '/api/me/erasure-request',
    payload: payload as Record<string, unknown>,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

function processRequest(id: string, cookie = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/data-requests/${id}/process`,
    headers: { cookie },
  });
}

async function pendingRequestOf(cookie: string) {
  const answer = await requestErasure(cookie);
  expect(answer.statusCode).toBe(202);
  return erasureRequestAnswerSchema.parse(answer.json()).request;
}

describe('GET /api/me/data-export', () => {
  it('answers 401 with a reason when nobody is signed in', async () => {
    const response = await t.app.inject({ url: '/api/me/data-export' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('downloads, as a JSON attachment, every kind of data the shop holds about the buyer', async () => {
    const email = 'export.buyer@example.com';
    const { sessionId, cookie, phone } = await buyer(email);
    await pendingRequestOf(cookie);
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('reviews')
      .values({
        id: randomUUID(),
        order_id: order.id,
        product_id: 'ebook-aba-for-parents',
        product_name: 'eBook ABA for Parents',
        rating: 5,
        text: 'Clear and kind, it helped our mornings.',
        first_name: 'Dana',
        child_age: '6',
        submitted_at: new Date().toISOString(),
        cms_document_id: null,
      })
      .execute();
    const response = await t.app.inject({ url: '/api/me/data-export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="aba-parent-guides-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = dataExportSchema.parse(response.json());
    expect(data.email).toBe(email);
    expect(data.account).toMatchObject({ email, emailVerified: true });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.signInCodeRequests.length).toBeGreaterThanOrEqual(1);
    expect(data.orders).toEqual([
      expect.objectContaining({
        checkoutSessionId: sessionId,
        amountTotal: 2799,
        currency: 'usd',
        lines: [expect.objectContaining({ productId: 'ebook-aba-for-parents', unitAmount: 2799 })],
        downloads: expect.arrayContaining([
          expect.objectContaining({ downloadCount: 1, lastDownloadAt: expect.any(String) }),
        ]),
        // The download's log, with the client's address and browser it names.
        downloadLog: [
          {
            at: expect.any(String),
            fileKey: 'aba-for-parents.pdf',
            clientIp: '127.0.0.1',
            userAgent: 'lightMyRequest',
          },
        ],
      }),
    ]);
    expect(data.reviews).toEqual([
      {
        productName: 'eBook ABA for Parents',
        rating: 5,
        text: 'Clear and kind, it helped our mornings.',
        firstName: 'Dana',
        childAge: '6',
        submittedAt: expect.any(String),
      },
    ]);
    expect(data.librarySessions).toEqual([
      { device: null, openedAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ email, subject: 'eBook Support', phone }),
    ]);
    expect(data.dataRequests).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(data.consents).toEqual([
      expect.objectContaining({ choice: 'accepted', language: 'en' }),
    ]);
    expect(data.libraryProgress).toEqual([
      expect.objectContaining({ fileKey: 'aba-for-parents.pdf', position: 3, version: 1 }),
    ]);
    expect(data.retention).toEqual({
      contactMessageDays: 365,
      downloadHistoryDays: 365,
      signInRecordDays: 30,
      sentMailDays: 90,
      accountingYears: 10,
    });
  });

  it('holds no secret: neither the session token nor a stored sign-in code', async () => {
    const email = 'export.secrets@example.com';
    const { cookie } = await buyer(email);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;
    const response = await t.app.inject({ url: '/api/me/data-export', headers: { cookie } });
    expect(response.body).not.toContain(token);
    expect(response.body).not.toMatch(/"(token|value|password|accessToken|idToken)"/);
    const { rows } = await sql<{
      value: string;
    }>`select value from verification`.execute(t.app.db);
    for (const { value } of rows) expect(response.body).not.toContain(value);
  });

  it('lists the membership the buyer bought', async () => {
    const email = 'export.member@example.com';
    await buyLocally(t.app, MEMBERSHIP, email);
    const cookie = await signInByCode(t, email);
    const data = dataExportSchema.parse(
      (await t.app.inject({ url: '/api/me/data-export', headers: { cookie } })).json(),
    );
    expect(data.memberships).toEqual([expect.objectContaining({ status: 'active' })]);
  });
});

describe('POST /api/me/erasure-request', () => {
  it('refuses without the confirmation, saying what is missing', async () => {
    const cookie = await signInByCode(t, 'unsure@example.com');
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const response = await requestErasure(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/confirm/);
    }
    expect(await tablesMentioning('unsure@example.com')).not.toHaveProperty('data_requests');
  });

  it('answers 401 signed out', async () => {
    const response = await requestErasure(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('records one pending request, answered 202 and acknowledged by e-mail', async () => {
    const email = 'asks.once@example.com';
    const cookie = await signInByCode(t, email);
    const first = await pendingRequestOf(cookie);
    expect(first).toMatchObject({ kind: 'erasure', status: 'pending', processedAt: null });
    const again = await pendingRequestOf(cookie);
    expect(again.id).toBe(first.id);
    await t.app.mailWorker.runOnce();
    const acknowledgements = t.mail.filter(
      (mail) => mail.to === email && /request to delete your data/.test(mail.subject),
    );
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]?.text).toContain(first.id);
  });
});

describe('support’s data requests', () => {
  it.each([
    ['GET', '/api/admin/data-requests'],
    ['POST', '/api/admin/data-requests/dr_0123/process'],
  ] as const)('refuse %s %s: 401 signed out, 403 to a customer', async (method, url) => {
    const customer = await signInByCode(t, `customer.${randomUUID()}@example.com`);
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const other = await t.app.inject({ method, url, headers: { cookie: customer } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toEqual(expect.any(String));
  });

  it('answers 400 for an id that is no request id and 404 for an unknown one', async () => {
    const bad = await processRequest('ord_123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/dr_/);
    const unknown = await processRequest('dr_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Nessuna richiesta con questo id' });
  });

  it('lists requests newest first, and finds those of one address', async () => {
    const email = 'listed.buyer@example.com';
    const request = await pendingRequestOf(await signInByCode(t, email));
    const all = adminDataRequestPageSchema.parse(
      (
        await t.app.inject({
          url: '/api/admin/data-requests?limit=100',
          headers: { cookie: admin },
        })
      ).json(),
    );
    expect(all.items[0]).toMatchObject({ id: request.id, email, status: 'pending' });
    const found = adminDataRequestPageSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/data-requests?q=${encodeURIComponent('LISTED.buyer@example.com')}`,
          headers: { cookie: admin },
        })
      ).json(),
    );
    expect(found.items.map((item) => item.id)).toEqual([request.id]);
  });

  it('erases: links, session and account end, and no personal data is left but the kept accounting facts', async () => {
    const email = 'erase.me@example.com';
    const { sessionId, pdf, cookie, name, phone, libraryLink, library } = await buyer(email);
    const request = await pendingRequestOf(cookie);
    expect(await tablesMentioning(email)).toMatchObject({
      library_sessions: 1,
      library_progress: 1,
    });

    const processed = await processRequest(request.id);
    expect(processed.statusCode).toBe(200);
    const done = adminDataRequestSchema.parse(processed.json());
    expect(done).toMatchObject({
      status: 'completed',
      processedBy: 'support@example.com',
      email: expect.stringMatching(/^erased-[a-f0-9]+@erased\.invalid$/),
      outcome: {
        ordersAnonymised: 1,
        filesRevoked: 2,
        contactMessagesDeleted: 1,
        accountDeleted: true,
      },
    });
    expect(done.outcome?.sessionsEnded).toBeGreaterThanOrEqual(1);

    // Access: the download link and the session no longer work.
    expect((await t.app.inject({ url: pdf })).statusCode).toBe(403);
    const me = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(JSON.stringify(me.json())).not.toContain(email);
    expect(
      (await t.app.inject({ url: '/api/me/data-export', headers: { cookie } })).statusCode,
    ).toBe(401);

    // The library: the device it was open on and the e-mailed link open nothing.
    expect(
      (await t.app.inject({ url: '/api/library', headers: { cookie: library } })).statusCode,
    ).toBe(401);
    const reopened = await t.app.inject({
      method: 'POST',
      url: '/api/library/session',
      payload: { token: new URL(libraryLink).hash.slice(1) },
    });
    expect(reopened.statusCode).toBe(403);

    // The database: the address is nowhere, the name and phone neither.
    expect(await tablesMentioning(email)).toEqual({});
    expect(await tablesMentioning(name)).toEqual({});
    expect(await tablesMentioning(phone)).toEqual({});

    // What accounting law requires stays: amounts, dates, references, under the placeholder.
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      email: done.email,
      amount_total: 2799,
      currency: 'usd',
      status: 'paid',
      created_at: expect.any(String),
    });
    const lines = await t.app.db
      .selectFrom('order_lines')
      .select(['product_id', 'unit_amount'])
      .where('order_id', '=', order.id)
      .execute();
    expect(lines).toEqual([{ product_id: 'ebook-aba-for-parents', unit_amount: 2799 }]);
    const entitlements = await t.app.db
      .selectFrom('entitlements')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(entitlements).toEqual([]);

    // Audited, and not done twice.
    const audit = await t.app.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('subject_id', '=', request.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'support@example.com',
        action: 'data-request.erase',
        subject_type: 'data_request',
      }),
    ]);
    const twice = await processRequest(request.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'Questa richiesta è già stata elaborata' });
  });

  it('takes the address out of the audit trail of the buyer’s orders', async () => {
    const email = 'audited.buyer@example.com';
    const { sessionId, cookie } = await buyer(email);
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/resend`,
      headers: { cookie: admin },
    });
    expect(resent.statusCode).toBe(202);
    expect(await tablesMentioning(email)).toHaveProperty('admin_actions');
    const request = await pendingRequestOf(cookie);
    expect((await processRequest(request.id)).statusCode).toBe(200);
    expect(await tablesMentioning(email)).toEqual({});
  });

  it('refuses while a membership renews, and erases once it is cancelled at the period’s end', async () => {
    const email = 'renewing.member@example.com';
    await buyLocally(t.app, MEMBERSHIP, email);
    const cookie = await signInByCode(t, email);
    const request = await pendingRequestOf(cookie);
    const refused = await processRequest(request.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/abbonamento/);
    expect(await tablesMentioning(email)).toHaveProperty('subscription_records');

    const record = await t.app.db
      .selectFrom('subscription_records')
      .select('subscription_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await applyMembershipState(
      t.app.db,
      {
        subscriptionId: record.subscription_id as string,
        status: 'active',
        cancelAtPeriodEnd: true,
      },
      Math.floor(Date.now() / 1000) + 1,
    );
    expect((await processRequest(request.id)).statusCode).toBe(200);
    expect(await tablesMentioning(email)).toEqual({});
    const memberships = await t.app.db
      .selectFrom('memberships')
      .select('subscription_id')
      .where('subscription_id', '=', record.subscription_id as string)
      .execute();
    expect(memberships).toEqual([]);
  });
});

describe('an erasure after a withdrawal', () => {
  it('keeps the withdrawal for accounting, without the address, in its row or its trail', async () => {
    const email = 'withdrew.then.erased@example.com';
    const sessionId = await buyLocally(t.app, MEMBERSHIP, email);
    // Signed in, the withdrawal takes effect at once (signed out, it waits for its confirmation).
    const cookie = await signInByCode(t, email);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      remoteAddress: '10.8.0.1',
      headers: { cookie },
      payload: { orderReference: sessionId, confirm: true },
    });
    expect(withdrawn.statusCode).toBe(201);
    const request = await pendingRequestOf(cookie);
    expect((await processRequest(request.id)).statusCode).toBe(200);
    expect(await tablesMentioning(email)).toEqual({});
    const kept = await t.app.db
      .selectFrom('withdrawals')
      .select(['checkout_session_id', 'amount_refunded', 'email'])
      .where('checkout_session_id', '=', sessionId)
      .execute();
    expect(kept).toEqual([
      {
        checkout_session_id: sessionId,
        amount_refunded: 999,
        email: expect.stringMatching(/@erased\.invalid$/),
      },
    ]);
  });
});

describe('the retention sweep', () => {
  const now = new Date('2027-06-01T00:00:00.000Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('deletes only what has outlived its period', async () => {
    const { db } = t.app;
    const message = (id: string, created_at: string) => ({
      id,
      name: 'Old Writer',
      email: `${id}@example.com`,
      phone: null,
      subject: 'Other',
      message: 'A message long enough to be kept.',
      child_age: null,
      created_at,
    });
    await db
      .insertInto('contact_submissions')
      .values([message('sweep-old', daysBefore(366)), message('sweep-new', daysBefore(364))])
      .execute();
    await db
      .insertInto('sign_in_code_requests')
      .values([
        {
          id: 'sweep-code-old',
          email: 'a@example.com',
          requested_at: daysBefore(31),
          client: '10.0.0.1',
        },
        {
          id: 'sweep-code-new',
          email: 'a@example.com',
          requested_at: daysBefore(29),
          client: '10.0.0.1',
        },
      ])
      .execute();
    const mail = (id: string, sent_at: string) => ({
      id,
      dedupe_key: null,
      to_address: 'b@example.com',
      subject: 'Old mail',
      text_body: 'text',
      html_body: null,
      status: 'sent' as const,
      attempts: 1,
      next_attempt_at: sent_at,
      last_error: null,
      created_at: sent_at,
      sent_at,
    });
    await db
      .insertInto('mail_outbox')
      .values([mail('sweep-mail-old', daysBefore(91)), mail('sweep-mail-new', daysBefore(89))])
      .execute();

    // Two old orders: one of an erased buyer, one of a buyer who still has an account.
    const erasedSession = await buyLocally(t.app, EBOOK, 'sweep.erased@example.com');
    const keptSession = await buyLocally(t.app, EBOOK, 'sweep.kept@example.com');
    const eleventhYear = new Date(now);
    eleventhYear.setUTCFullYear(now.getUTCFullYear() - 11);
    await db
      .updateTable('orders')
      .set({ created_at: eleventhYear.toISOString() })
      .where('checkout_session_id', 'in', [erasedSession, keptSession])
      .execute();
    await db
      .updateTable('orders')
      .set({ email: 'erased-sweep@erased.invalid' })
      .where('checkout_session_id', '=', erasedSession)
      .execute();
    const keptOrder = await db
      .selectFrom('orders')
      .select('id')
      .where('checkout_session_id', '=', keptSession)
      .executeTakeFirstOrThrow();
    const [oldFile, newFile] = await db
      .selectFrom('entitlements')
      .select('id')
      .where('order_id', '=', keptOrder.id)
      .orderBy('file_key')
      .execute();
    // Three downloads of one file a year and a day ago, two of the other (one of them a year and
    // a day ago, one a day less than a year ago): the log of each older than a year goes.
    const download = (id: string, entitlementId: string | undefined, at: string) => ({
      id,
      entitlement_id: entitlementId as string,
      order_id: keptOrder.id,
      file_key: 'aba-for-parents.pdf',
      at,
      client_ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0',
    });
    await db
      .insertInto('download_events')
      .values([
        download('sweep-history-1', oldFile?.id, daysBefore(366)),
        download('sweep-history-2', oldFile?.id, daysBefore(366)),
        download('sweep-history-3', oldFile?.id, daysBefore(366)),
        download('sweep-log-old', newFile?.id, daysBefore(366)),
        download('sweep-log-new', newFile?.id, daysBefore(364)),
        download('sweep-history-4', newFile?.id, daysBefore(364)),
      ])
      .execute();

    const deleted = await sweepExpiredData({ db }, now);
    expect(deleted).toMatchObject({ accountingOrders: 1 });
    expect(deleted.downloadLog).toBeGreaterThanOrEqual(1);
    const log = await db
      .selectFrom('download_events')
      .select('id')
      .where('id', 'like', 'sweep-log-%')
      .execute();
    expect(log).toEqual([{ id: 'sweep-log-new' }]);

    const ids = async (table: 'contact_submissions' | 'sign_in_code_requests' | 'mail_outbox') =>
      (await db.selectFrom(table).select('id').where('id', 'like', 'sweep-%').execute()).map(
        (row) => row.id,
      );
    expect(await ids('contact_submissions')).toEqual(['sweep-new']);
    expect(await ids('sign_in_code_requests')).toEqual(['sweep-code-new']);
    expect(await ids('mail_outbox')).toEqual(['sweep-mail-new']);
    const historyOf = await downloadHistoriesOf({ db }, [
      oldFile?.id as string,
      newFile?.id as string,
    ]);
    expect([historyOf(oldFile?.id as string), historyOf(newFile?.id as string)]).toEqual([
      { downloadCount: 0, lastDownloadAt: null },
      { downloadCount: 2, lastDownloadAt: daysBefore(364) },
    ]);
    const orders = await db
      .selectFrom('orders')
      .select('checkout_session_id')
      .where('checkout_session_id', 'in', [erasedSession, keptSession])
      .execute();
    expect(orders).toEqual([{ checkout_session_id: keptSession }]);
    const sessions = await db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('id', '=', erasedSession)
      .execute();
    expect(sessions).toEqual([]);
  });
});

describe('the service', () => {
  it('runs the retention sweep as it starts, beside the mail worker', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(database.config, {
      runJobs: true,
      sendMail: async () => undefined,
    });
    try {
      await app.db
        .insertInto('contact_submissions')
        .values({
          id: 'expired-at-start',
          name: 'Long Ago',
          email: 'long.ago@example.com',
          phone: null,
          subject: 'Other',
          message: 'Written long before the retention period.',
          child_age: null,
          created_at: '2020-01-01T00:00:00.000Z',
        })
        .execute();
      await app.ready();
      let left = 1;
      for (let tries = 0; tries < 50 && left > 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        left = (
          await app.db
            .selectFrom('contact_submissions')
            .select('id')
            .where('id', '=', 'expired-at-start')
            .execute()
        ).length;
      }
      expect(left).toBe(0);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

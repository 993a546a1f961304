import {
  buyLocally,
  createTestApp,
  orderNumberOf,
  pathOf,
  refundInStripe,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import {
  purchaseDetailSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
} from '@aba-shop/contract';

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Support@Example.com' });
  admin = await signInByCode(t, 'support@example.com');
  customer = await signInByCode(t, 'someone@example.com');
});
afterAll(() => t.close());

const EBOOK = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];

function asAdmin(method: 'GET' | 'POST', url: string) {
  return t.app.inject({ method, url, headers: { cookie: admin } });
}

async function search(q: string, extra = '') {
  const response = await asAdmin('GET', `/api/admin/orders?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode).toBe(200);
  return adminOrderPageSchema.parse(response.json());
}

async function downloadUrlsOf(sessionId: string) {
  const detail = purchaseDetailSchema.parse(
    (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
  );
  return detail.products.flatMap((product) => product.files.map((file) => pathOf(file.url)));
}

describe('the support console’s orders', () => {
  it.each([
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/orders/ord_0123'],
    ['POST', '/api/admin/orders/ord_0123/resend'],
    ['POST', '/api/admin/orders/ord_0123/revoke'],
    ['POST', '/api/admin/orders/ord_0123/restore'],
    ['GET', '/api/subscription-records?limit=1'],
    ['GET', '/api/subscription-records/export.csv'],
  ] as const)('refuse %s %s: 401 signed out, 403 to a customer', async (method, url) => {
    const signedOut = await t.app.inject({ method, url });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({
      error: 'Accedi con un account amministratore per continuare.',
    });
    const other = await t.app.inject({ method, url, headers: { cookie: customer } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toEqual(expect.any(String));
  });

  it('find a purchase by its e-mail in any case, its number as typed, its session id and its order id', async () => {
    const sessionId = await buyLocally(t.app, EBOOK, 'Found.Buyer@example.com');
    const byEmail = await search('FOUND.buyer@EXAMPLE.com');
    expect(byEmail.items).toHaveLength(1);
    const [order] = byEmail.items;
    expect(order).toMatchObject({
      orderNumber: await orderNumberOf(t.app, sessionId),
      email: 'found.buyer@example.com',
      status: 'paid',
      access: 'active',
      amountTotal: 2799,
      currency: 'usd',
      lines: [{ productId: 'ebook-aba-for-parents', quantity: 1, unitAmount: 2799 }],
    });
    expect(order?.files.map((file) => [file.kind, file.downloadCount])).toEqual([
      ['pdf', 0],
      ['mp3', 0],
    ]);
    expect(byEmail.nextCursor).toBeNull();
    expect((await search(sessionId)).items.map((item) => item.orderId)).toEqual([order?.orderId]);
    expect((await search(order?.orderId ?? '')).items).toHaveLength(1);
    // Read out on the phone: lower case, spaces for dashes.
    const spoken = (order?.orderNumber ?? '').toLowerCase().replaceAll('-', ' ');
    expect((await search(spoken)).items.map((item) => item.orderId)).toEqual([order?.orderId]);
    expect((await search('ABA-0000-0000')).items).toEqual([]);
    expect((await search('nobody@example.com')).items).toEqual([]);
  });

  it('count each file’s downloads and say when the last one was', async () => {
    const sessionId = await buyLocally(t.app, EBOOK, 'counted@example.com');
    const [pdf] = await downloadUrlsOf(sessionId);
    expect((await t.app.inject({ url: pdf as string })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pdf as string })).statusCode).toBe(200);
    const [order] = (await search(sessionId)).items;
    const counted = order?.files.find((file) => file.kind === 'pdf');
    expect(counted?.downloadCount).toBe(2);
    expect(Date.parse(counted?.lastDownloadAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('revoke, restore and resend, each in the order’s audit trail with the administrator', async () => {
    const sessionId = await buyLocally(t.app, EBOOK, 'helped@example.com');
    const [pdf] = await downloadUrlsOf(sessionId);
    const [{ orderId } = { orderId: '' }] = (await search(sessionId)).items;

    const revoked = await asAdmin('POST', `/api/admin/orders/${orderId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(adminOrderDetailSchema.parse(revoked.json()).access).toBe('revoked');
    const refused = await t.app.inject({ url: pdf as string });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/suspended\. Please write to support/);
    const twice = await asAdmin('POST', `/api/admin/orders/${orderId}/revoke`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error: "L'accesso ai download di questo ordine è già revocato",
    });
    const resendRevoked = await asAdmin('POST', `/api/admin/orders/${orderId}/resend`);
    expect(resendRevoked.statusCode).toBe(409);

    const restored = await asAdmin('POST', `/api/admin/orders/${orderId}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await t.app.inject({ url: pdf as string })).statusCode).toBe(200);

    const resent = await asAdmin('POST', `/api/admin/orders/${orderId}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({
      message: 'I link di download sono stati inviati a helped@example.com.',
    });
    await t.app.mailWorker.runOnce();
    const mail = t.mail.find(
      (message) => message.to === 'helped@example.com' && /download links/.test(message.subject),
    );
    expect(mail?.text).toContain(`your order ${await orderNumberOf(t.app, sessionId)}:`);
    expect(mail?.text.match(/\/api\/downloads\//g)).toHaveLength(2);

    const detail = adminOrderDetailSchema.parse(
      (await asAdmin('GET', `/api/admin/orders/${orderId}`)).json(),
    );
    expect(detail.access).toBe('active');
    expect(
      detail.audit.map(({ actor, action, before, after }) => ({ actor, action, before, after })),
    ).toEqual([
      {
        actor: 'support@example.com',
        action: 'order.resend',
        before: null,
        after: { to: 'helped@example.com', files: 2 },
      },
      {
        actor: 'support@example.com',
        action: 'order.restore',
        before: { access: 'revoked' },
        after: { access: 'active' },
      },
      {
        actor: 'support@example.com',
        action: 'order.revoke',
        before: { access: 'active' },
        after: { access: 'revoked' },
      },
    ]);
  });

  it('do not restore what a refund revoked, and keep its refund message', async () => {
    const sessionId = await buyLocally(t.app, EBOOK, 'refunded@example.com');
    const [pdf] = await downloadUrlsOf(sessionId);
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id'])
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('orders')
      .set({ payment_intent_id: 'pi_refunded_console' })
      .where('id', '=', order.id)
      .execute();
    await refundInStripe(t, 'pi_refunded_console');
    const restore = await asAdmin('POST', `/api/admin/orders/${order.id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error).toMatch(/rimborsato/);
    expect((await t.app.inject({ url: pdf as string })).json().message).toMatch(/refunded/);
    const [found] = (await search(sessionId)).items;
    expect(found).toMatchObject({ status: 'refunded', access: 'revoked' });
  });

  it('are in the OpenAPI document, with their page, detail and query shapes', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/orders',
        '/api/admin/orders/{orderId}',
        '/api/admin/orders/{orderId}/resend',
        '/api/admin/orders/{orderId}/revoke',
        '/api/admin/orders/{orderId}/restore',
        '/api/subscription-records/export.csv',
      ]),
    );
    for (const path of ['/api/admin/orders', '/api/subscription-records']) {
      expect(spec.paths[path]?.get?.parameters?.map((parameter) => parameter.name)).toEqual([
        'q',
        'limit',
        'cursor',
      ]);
    }
  });

  it('answer an unknown order with 404 and a malformed id with 400, in Italian', async () => {
    const unknown = await asAdmin('GET', '/api/admin/orders/ord_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Nessun ordine con questo id' });
    const malformed = await asAdmin('POST', '/api/admin/orders/..%2Fx/revoke');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^Dati non validi \(orderId\)/);
  });

  it('page newest first with a cursor, and refuse a cursor it did not make', async () => {
    const email = 'pages@example.com';
    const sessions: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      sessions.push(await buyLocally(t.app, EBOOK, email));
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await search(email, `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.orderNumber));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    const numbers = await Promise.all(sessions.map((session) => orderNumberOf(t.app, session)));
    expect(seen).toEqual(numbers.reverse());

    const forged = await asAdmin('GET', '/api/admin/orders?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: 'Il cursore non è valido: ricarica la lista dalla prima pagina',
    });
    const tooMany = await asAdmin('GET', '/api/admin/orders?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/limit/);
  });
});

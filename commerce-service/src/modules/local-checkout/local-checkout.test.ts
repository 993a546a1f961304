import { PDFDocument } from 'pdf-lib';
import { createTestApp, entitlementOf, pathOf, type TestApp } from '../../test-support/app.ts';
import { purchaseDetailSchema } from '@aba-shop/contract';

let t: TestApp;
const STOREFRONT = 'http://127.0.0.1:3000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function startCheckout(products: { productId: string; quantity: number }[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    payload: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
  });
  expect(response.statusCode).toBe(200);
  const { checkoutUrl } = response.json() as { checkoutUrl: string };
  return { checkoutUrl, sessionId: new URL(checkoutUrl).pathname.split('/').pop() as string };
}

/** Posts the test checkout's form with these fields, as a browser (`accept`) or an API client. */
function payWith(sessionId: string, fields: Record<string, string>, accept?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/checkout/local/${sessionId}/pay`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(accept ? { accept } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function pay(sessionId: string, email: string, accept?: string) {
  return payWith(sessionId, { email, terms: 'accepted' }, accept);
}

async function purchaseDetail(sessionId: string) {
  return t.app.inject({
    url: `/api/products/purchase-detail?sessionId=${encodeURIComponent(sessionId)}`,
  });
}

async function countRows(
  table: 'orders' | 'entitlements' | 'mail_outbox' | 'order_lines',
  sessionOrOrder?: string,
) {
  let query = t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (table === 'orders' && sessionOrOrder)
    query = query.where('checkout_session_id' as never, '=', sessionOrOrder as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('POST /api/create-checkout-session refuses what it cannot sell', () => {
  const valid = { successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' };
  const one = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
  it.each([
    [
      'an unknown product',
      { ...valid, products: [{ productId: 'nope', quantity: 1 }] },
      'Unknown product: nope',
    ],
    [
      'no products',
      { ...valid, products: [] },
      'Invalid body: products: must list at least one product',
    ],
    [
      'quantity 0',
      { ...valid, products: [{ productId: 'ebook-aba-for-parents', quantity: 0 }] },
      /^Invalid body: products\.0\.quantity/,
    ],
    [
      'quantity 11',
      { ...valid, products: [{ productId: 'ebook-aba-for-parents', quantity: 11 }] },
      /^Invalid body: products\.0\.quantity/,
    ],
    [
      'quantity 1.5',
      { ...valid, products: [{ productId: 'ebook-aba-for-parents', quantity: 1.5 }] },
      /^Invalid body: products\.0\.quantity/,
    ],
    [
      '21 lines',
      { ...valid, products: Array.from({ length: 21 }, () => one[0]) },
      /^Invalid body: products/,
    ],
    [
      'an absolute successRouter',
      { ...valid, products: one, successRouter: 'https://evil.example/x' },
      /^Invalid body: successRouter/,
    ],
    [
      'a protocol-relative successRouter',
      { ...valid, products: one, successRouter: '//evil.example/x' },
      /^Invalid body: successRouter/,
    ],
    [
      'a backslash cancelRouter',
      { ...valid, products: one, cancelRouter: '/\\evil.example' },
      /^Invalid body: cancelRouter/,
    ],
    [
      'a javascript: cancelRouter',
      { ...valid, products: one, cancelRouter: 'javascript:alert(1)' },
      /^Invalid body: cancelRouter/,
    ],
  ])('%s', async (_case, payload, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});

describe('the local test checkout', () => {
  it('shows the lines and the total priced by the catalogue, whatever price the browser sends', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: {
        products: [
          { productId: 'ebook-aba-for-parents', quantity: 2, price: 1 },
          { productId: 'ebook-aba-case-studies', quantity: 1 },
        ],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    });
    const { checkoutUrl } = response.json() as { checkoutUrl: string };
    expect(checkoutUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/api\/checkout\/local\/cs_local_[\w-]+$/,
    );
    const page = await t.app.inject({ url: pathOf(checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('eBook ABA for Parents');
    expect(page.body).toContain('$75.97');
    expect(page.body).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
    expect(page.body).toMatch(/>Cancel<\/button>/);
  });

  it('pays, redirects to the success page and fulfils the order with links to the real files', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ]);
    const paid = await pay(sessionId, 'Parent@Example.com');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${STOREFRONT}/checkout/success?sessionId=${sessionId}`);

    const detail = await purchaseDetail(sessionId);
    expect(detail.statusCode).toBe(200);
    const purchase = purchaseDetailSchema.parse(detail.json());
    expect(purchase.customerEmail).toBe('parent@example.com');
    expect(purchase.checkoutSessionId).toBe(sessionId);
    expect(
      purchase.products.map((product) => [
        product.productName,
        product.price,
        product.files.map((file) => file.kind),
      ]),
    ).toEqual([
      ['eBook ABA Case Studies', 1999, ['pdf', 'mp3']],
      ['eBook ABA for Parents', 2799, ['pdf', 'mp3']],
    ]);

    const parents = purchase.products.find(
      (product) => product.productId === 'ebook-aba-for-parents',
    );
    const pdf = await t.app.inject({ url: pathOf(parents?.downloadUrl as string) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="ABA-for-Parents.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The buyer's stamped copy of the 12-page sample (docs/product.md#stamped-pdfs).
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(12);

    const mp3Url = parents?.files.find((file) => file.kind === 'mp3')?.url as string;
    const mp3 = await t.app.inject({ url: pathOf(mp3Url) });
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    // The sample audiobook opens with its ID3 tag, which names the chapters.
    expect(mp3.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(mp3.rawPayload.length).toBeGreaterThan(5000);

    const part = await t.app.inject({ url: pathOf(mp3Url), headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.rawPayload.length}`);
    expect(part.rawPayload.equals(mp3.rawPayload.subarray(100, 200))).toBe(true);
    const outside = await t.app.inject({
      url: pathOf(mp3Url),
      headers: { range: 'bytes=99999999-' },
    });
    expect(outside.statusCode).toBe(416);

    const entitlement = await entitlementOf(t.app, sessionId, 'aba-for-parents.mp3');
    expect(entitlement.download_count).toBe(1);
  });

  it('e-mails the confirmation with the download links once the worker runs', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-complete-pack', quantity: 1 },
    ]);
    await pay(sessionId, 'pack@example.com');
    const before = t.mail.length;
    await t.app.mailWorker.runOnce();
    const confirmation = t.mail.slice(before).find((message) => message.to === 'pack@example.com');
    expect(confirmation?.subject).toBe('Your ABA Parent Guides order and downloads');
    const links =
      confirmation?.text.match(/http:\/\/127\.0\.0\.1:3000\/api\/downloads\/[\w.-]+/g) ?? [];
    expect(links).toHaveLength(4);
    expect(confirmation?.html).toContain('ABA Case Studies Audiobook (MP3)');
    const download = await t.app.inject({ url: pathOf(links[0] as string) });
    expect(download.statusCode).toBe(200);
  });

  it('cancels: back to the cancel page, nothing sold, and Pay no longer works', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/local/${sessionId}/cancel`,
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${STOREFRONT}/checkout/cancel`);
    expect((await purchaseDetail(sessionId)).statusCode).toBe(409);
    const paidAfter = await pay(sessionId, 'late@example.com');
    expect(paidAfter.statusCode).toBe(409);
    expect(paidAfter.json()).toEqual({ message: 'This checkout was cancelled' });
  });

  it('asks again for a valid e-mail instead of paying', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    // What a browser's form post accepts.
    const response = await pay(sessionId, 'not-an-address', 'text/html,application/xhtml+xml');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.body).toContain('Please enter a valid e-mail address.');
    expect((await purchaseDetail(sessionId)).statusCode).toBe(409);
  });

  it('answers an API client that sends an invalid e-mail in JSON, like every other refusal', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    const response = await pay(sessionId, 'not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter a valid e-mail address.' });
    expect((await purchaseDetail(sessionId)).statusCode).toBe(409);
  });
});

describe('GET /api/products/purchase-detail', () => {
  it('answers 404 for an unknown session and 409 for an unpaid one', async () => {
    const unknown = await purchaseDetail('cs_local_doesnotexistdoesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No purchase was found for this session' });
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    const unpaid = await purchaseDetail(sessionId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: 'The payment for this session is not complete' });
  });

  it('refuses what cannot be a checkout session id before looking it up', async () => {
    const response = await purchaseDetail('cs_local_../../etc/passwd');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid querystring: sessionId: must be a checkout/);
  });

  it('says what is missing when sessionId is absent', async () => {
    const response = await t.app.inject({ url: '/api/products/purchase-detail' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid querystring: sessionId/);
  });
});

describe('fulfilment happens exactly once', () => {
  it('turns 50 concurrent Pay clicks for one session into one order, one set of files and one e-mail', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => pay(sessionId, 'twice@example.com')),
    );
    expect(results.every((result) => result.statusCode === 303)).toBe(true);
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('checkout_session_id', '=', sessionId)
      .execute();
    expect(order).toHaveLength(1);
    const entitlements = await t.app.db
      .selectFrom('entitlements')
      .select('file_key')
      .where('order_id', '=', order[0]?.id as string)
      .execute();
    expect(entitlements.map((row) => row.file_key).sort()).toEqual([
      'aba-for-parents.mp3',
      'aba-for-parents.pdf',
    ]);
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'twice@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    expect(await countRows('orders', sessionId)).toBe(1);
  });

  it('names the order by its number in the receipt, never by the session id that opens it', async () => {
    const { sessionId } = await startCheckout([
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ]);
    await pay(sessionId, 'receipt.reference@example.com');
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'receipt.reference@example.com')
      .executeTakeFirstOrThrow();
    const { number } = await t.app.db
      .selectFrom('orders')
      .select('number')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(number).toMatch(/^ABA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(mail.text_body).toContain(`Order number: ${number}\n`);
    expect(mail.html_body).toContain(`Order number: <strong>${number}</strong>`);
    expect(mail.text_body).not.toContain(sessionId);
    expect(mail.html_body).not.toContain(sessionId);
  });
});

describe('the test checkout asks for consent and takes promotion codes', () => {
  const HTML = 'text/html,application/xhtml+xml';
  const TWO_EBOOKS = [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ];
  // The helpers above use `t`: this shop stands in for it here, then the first one is back.
  let shop: TestApp;
  let first: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ TEST_PROMOTION_CODES: 'ACC10=10,HALF=50' });
    first = t;
    t = shop;
  });
  afterAll(async () => {
    t = first;
    await shop.close();
  });

  it('shows the consent box, naming the right of withdrawal, and a promotion code field', async () => {
    const { checkoutUrl } = await startCheckout(TWO_EBOOKS);
    const page = await t.app.inject({ url: pathOf(checkoutUrl) });
    expect(page.body).toMatch(/<input name="terms" type="checkbox" value="accepted" required>/);
    expect(page.body).toContain('I thereby lose my right of withdrawal');
    expect(page.body).toContain(`href="${STOREFRONT}/terms-and-conditions"`);
    expect(page.body).toContain(`href="${STOREFRONT}/no-refund-policy"`);
    expect(page.body).toMatch(/<input id="promotionCode" name="promotionCode"/);
  });

  it('keeps a membership’s 14 days to withdraw in the consent, waiving only the eBooks’', async () => {
    const membership = { productId: 'aba-parent-support-monthly', quantity: 1 };
    const alone = await t.app.inject({
      url: pathOf((await startCheckout([membership])).checkoutUrl),
    });
    expect(alone.body).toContain(
      'My membership starts today. I may withdraw from the membership within 14 days of today, and be refunded in full.',
    );
    expect(alone.body).not.toContain('lose my right of withdrawal');
    const both = await t.app.inject({
      url: pathOf((await startCheckout([...TWO_EBOOKS, membership])).checkoutUrl),
    });
    expect(both.body).toContain(
      'I thereby lose my right of withdrawal from their purchase. I may withdraw from the membership within 14 days',
    );
  });

  it('stays on the page with a message when Pay comes without the consent, keeping what was typed', async () => {
    const { sessionId } = await startCheckout(TWO_EBOOKS);
    const page = await payWith(
      sessionId,
      { email: 'no.consent@example.com', promotionCode: 'ACC10' },
      HTML,
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Please accept the terms and immediate delivery to continue.');
    expect(page.body).toContain('value="no.consent@example.com"');
    expect(page.body).toContain('value="ACC10"');
    const api = await payWith(sessionId, { email: 'no.consent@example.com' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      message: 'Please accept the terms and immediate delivery to continue.',
    });
    expect((await purchaseDetail(sessionId)).statusCode).toBe(409);
  });

  it('charges the discount of a known code and stores the amounts and the acceptance', async () => {
    const { sessionId } = await startCheckout(TWO_EBOOKS);
    const before = Date.now();
    const paid = await payWith(sessionId, {
      email: 'discount@example.com',
      terms: 'accepted',
      promotionCode: 'acc10',
    });
    expect(paid.statusCode).toBe(303);
    const detail = (await purchaseDetail(sessionId)).json() as Record<string, unknown>;
    expect(detail).toMatchObject({
      amountSubtotal: 4798,
      amountDiscount: 480,
      amountTax: 0,
      amountTotal: 4318,
      currency: 'usd',
    });
    expect(Date.parse(detail.termsAcceptedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    await t.app.mailWorker.runOnce();
    const receipt = t.mail.find((mail) => mail.to === 'discount@example.com');
    expect(receipt?.text).toContain('Subtotal: $47.98\nDiscount: −$4.80\nTotal: $43.18');
  });

  it('refuses an unknown code without charging anything', async () => {
    const { sessionId } = await startCheckout(TWO_EBOOKS);
    const refused = await payWith(sessionId, {
      email: 'guess@example.com',
      terms: 'accepted',
      promotionCode: 'FREE100',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'This promotion code is not valid.' });
    expect((await purchaseDetail(sessionId)).statusCode).toBe(409);
  });
});

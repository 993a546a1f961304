/** Downloads of a PDF carry the buyer's stamp (docs/product.md#stamped-pdfs). */
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../../app.ts';
import { renderBookPdf } from '../../dev/sample-pdf.ts';
import {
  buyLocally,
  createTestApp,
  entitlementOf,
  orderNumberOf,
  pathOf,
  refundInStripe,
  type TestApp,
} from '../../test-support/app.ts';
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { purchaseDetailSchema } from '@aba-shop/contract';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Buys the book; answers its order reference and the paths of its PDF and MP3 links. */
async function buy(email: string, productId = 'ebook-aba-for-parents') {
  const sessionId = await buyLocally(t.app, [{ productId, quantity: 1 }], email);
  const detail = purchaseDetailSchema.parse(
    (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
  );
  const files = detail.products.flatMap((product) => product.files);
  const link = (kind: string) => pathOf(files.find((file) => file.kind === kind)?.url as string);
  return { sessionId, pdf: link('pdf'), mp3: link('mp3') };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  return { response, body: response.rawPayload };
}

const stampedCopies = () => readdirSync(t.app.config.STAMPED_PDF_DIR);
const originalPdf = () => path.join(t.app.config.ASSETS_DIR, 'aba-for-parents.pdf');

describe('GET /api/downloads/{token} of a PDF', () => {
  it("carries the buyer's e-mail and order reference on every page and in its information", async () => {
    const { sessionId, pdf } = await buy('reader@example.com');
    const { response, body } = await download(pdf);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Number(response.headers['content-length'])).toBe(body.length);

    const line = `Licensed to reader@example.com · Order ${await orderNumberOf(t.app, sessionId)}`;
    const pages = await pageTexts(body);
    expect(pages).toHaveLength((await pageTexts(readFileSync(originalPdf()))).length);
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const page of pages) expect(page).toContain(line);
    expect(pages.join('\n')).not.toMatch(/ord_/);
    expect((await PDFDocument.load(body)).getSubject()).toBe(line);
  });

  it('gives each buyer their own copy', async () => {
    const first = await buy('first@example.com');
    const second = await buy('second@example.com');
    const [a, b] = await Promise.all([download(first.pdf), download(second.pdf)]);
    expect((await pageTexts(a.body))[0]).toContain('first@example.com');
    expect((await pageTexts(b.body))[0]).toContain('second@example.com');
    expect((await pageTexts(b.body)).join('\n')).not.toContain('first@example.com');
  });

  it('answers HEAD and byte ranges from the stamped copy, and counts the download once', async () => {
    const { sessionId, pdf } = await buy('ranges@example.com');
    const whole = (await download(pdf)).body;
    expect(whole.length).not.toBe(statSync(originalPdf()).size);

    const head = await t.app.inject({ method: 'HEAD', url: pdf });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(whole.length);

    const start = await download(pdf, { range: 'bytes=0-99' });
    const rest = await download(pdf, { range: 'bytes=100-' });
    expect(start.response.statusCode).toBe(206);
    expect(rest.response.headers['content-range']).toBe(
      `bytes 100-${whole.length - 1}/${whole.length}`,
    );
    expect(Buffer.concat([start.body, rest.body]).equals(whole)).toBe(true);
    const beyond = await download(pdf, { range: `bytes=${whole.length}-` });
    expect(beyond.response.statusCode).toBe(416);
    // The whole file, then a download from its start, counted; HEAD and the seek to byte 100 not.
    expect((await entitlementOf(t.app, sessionId, 'aba-for-parents.pdf')).download_count).toBe(2);
  });

  it('sends the audiobook as it is', async () => {
    const { mp3 } = await buy('listener@example.com', 'ebook-aba-case-studies');
    const { response, body } = await download(mp3);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(
      body.equals(readFileSync(path.join(t.app.config.ASSETS_DIR, 'aba-case-studies.mp3'))),
    ).toBe(true);
  });

  it('refuses a refunded purchase even when its stamped copy is kept', async () => {
    const { sessionId, pdf } = await buy('refunded@example.com');
    expect((await download(pdf)).response.statusCode).toBe(200);
    await t.app.db
      .updateTable('orders')
      .set({ payment_intent_id: 'pi_stamped_refund' })
      .where('checkout_session_id', '=', sessionId)
      .execute();
    await refundInStripe(t, 'pi_stamped_refund');
    const after = await download(pdf);
    expect(after.response.statusCode).toBe(403);
    expect(after.response.json().message).toMatch(/refunded/);
    expect(after.body.subarray(0, 5).toString()).not.toBe('%PDF-');
  });

  it('never fails on an address the page font cannot draw, and keeps it exact in the information', async () => {
    const { sessionId, pdf } = await buy('intl@example.com');
    // Stripe may deliver an internationalised address, which the local checkout would refuse.
    const email = 'δοκιμή@παράδειγμα.δοκιμή';
    await t.app.db
      .updateTable('orders')
      .set({ email })
      .where('checkout_session_id', '=', sessionId)
      .execute();
    const { response, body } = await download(pdf);
    expect(response.statusCode).toBe(200);
    const document = await PDFDocument.load(body);
    const number = await orderNumberOf(t.app, sessionId);
    expect(document.getSubject()).toBe(`Licensed to ${email} · Order ${number}`);
    for (const page of await pageTexts(body)) {
      expect(page).toContain(
        `Licensed to ??????@xn--hxajbheg2az3al.xn--jxalpdlp · Order ${number}`,
      );
    }
  });

  it('stamps again when the original file changes', async () => {
    const { pdf } = await buy('new-edition@example.com');
    const before = await pageTexts((await download(pdf)).body);
    const saved = readFileSync(originalPdf());
    try {
      writeFileSync(
        originalPdf(),
        renderBookPdf({ title: 'New edition', subtitle: 'Revised', chapters: ['Only one'] }),
      );
      const later = new Date(Date.now() + 60_000);
      utimesSync(originalPdf(), later, later);
      const after = await pageTexts((await download(pdf)).body);
      expect(after).toHaveLength(3);
      expect(after.length).not.toBe(before.length);
      for (const page of after) expect(page).toContain('new-edition@example.com');
    } finally {
      writeFileSync(originalPdf(), saved);
    }
  });

  it('answers 503 with a message, and sends no unstamped copy, when the original will not parse', async () => {
    const { pdf } = await buy('broken@example.com');
    const saved = readFileSync(originalPdf());
    try {
      writeFileSync(originalPdf(), 'this is not a PDF');
      const { response } = await download(pdf);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message:
          'This file cannot be downloaded right now. Please try again later or write to support.',
      });
    } finally {
      writeFileSync(originalPdf(), saved);
    }
  });
});

describe('stamped copies across a restart', () => {
  it('are read again, not stamped again, by the restarted service', async () => {
    const { pdf } = await buy('restart@example.com');
    const before = (await download(pdf)).body;
    const copy = stampedCopies().find((name) => {
      const body = readFileSync(path.join(t.app.config.STAMPED_PDF_DIR, name));
      return body.equals(before);
    });
    expect(copy).toBeDefined();
    const file = path.join(t.app.config.STAMPED_PDF_DIR, copy as string);
    const { ino, mtimeMs } = statSync(file);

    await t.app.close();
    t.app = await buildApp(t.database.config, { sendMail: async () => {} });

    const after = await download(pdf);
    expect(after.response.statusCode).toBe(200);
    expect(after.body.equals(before)).toBe(true);
    // The same file: a new stamp would have been written to a new one and renamed over it.
    expect(statSync(file).ino).toBe(ino);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
  });
});

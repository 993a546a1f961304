/** Forged and altered download links, and path traversal, through the storefront's origin. */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectJsonRefusal, expectNoFileBytes, SHOP } from '../support/refusals.js';
import { payCheckout, startCheckout } from '../support/shop.js';

/** Sends a path byte for byte (no URL normalisation), as an attacker's raw client would. */
function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

test.describe('download links', () => {
  const NOT_VALID = {
    message:
      'This download link is not valid. Please use the link from your e-mail, or ask for a new one.',
  };

  /** A paid purchase of one eBook, with its signed PDF and MP3 tokens. */
  async function purchasedTokens(request: APIRequestContext, email: string) {
    const { sessionId } = await startCheckout(request, [
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    await payCheckout(request, sessionId, email);
    const detail = await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`);
    expect(detail.status()).toBe(200);
    const { products } = (await detail.json()) as {
      products: { files: { kind: string; url: string }[] }[];
    };
    const token = (kind: string) =>
      new URL(products[0]?.files.find((file) => file.kind === kind)?.url as string).pathname
        .split('/')
        .pop() as string;
    return { pdf: token('pdf'), mp3: token('mp3') };
  }

  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  const encode = (payload: Record<string, unknown>) =>
    Buffer.from(JSON.stringify(payload)).toString('base64url');

  test('cannot be forged, altered to another file or entitlement, or extended', async ({
    request,
  }, testInfo) => {
    const { pdf, mp3 } = await purchasedTokens(
      request,
      `links.${testInfo.project.name}@example.com`,
    );
    const genuine = await request.get(`/api/downloads/${pdf}`, { headers: { range: 'bytes=0-4' } });
    expect([200, 206]).toContain(genuine.status());
    expect((await genuine.body()).toString()).toBe('%PDF-');

    const [payload = '', signature = ''] = pdf.split('.');
    const [mp3Payload = ''] = mp3.split('.');
    const grant = decode(payload);
    const forgedTokens = {
      'a made-up token': `${encode({ e: 'any', f: 'aba-for-parents.pdf', x: 4102444800 })}.${randomBytes(32).toString('base64url')}`,
      'the PDF token turned to the MP3': `${encode({ ...grant, f: decode(mp3Payload).f })}.${signature}`,
      'the PDF token turned to a book not bought': `${encode({ ...grant, f: 'aba-case-studies.pdf' })}.${signature}`,
      'the PDF token moved to the MP3 entitlement': `${encode({ ...grant, e: decode(mp3Payload).e })}.${signature}`,
      'the PDF token extended by ten years': `${encode({ ...grant, x: Number(grant.x) + 315_360_000 })}.${signature}`,
      "the MP3 payload with the PDF's signature": `${mp3Payload}.${signature}`,
      'a cut signature': `${payload}.${signature.slice(0, -4)}`,
      'an extra segment': `${pdf}.${signature}`,
      'no signature': payload,
    };
    for (const [what, token] of Object.entries(forgedTokens)) {
      const response = await request.get(`/api/downloads/${token}`);
      await expectJsonRefusal(response, 403, NOT_VALID).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`);
      });
      expectNoFileBytes(await response.body());
    }
  });

  test('refuse path traversal, encoded or not, and absolute paths, without a byte of any file', async ({
    request,
  }) => {
    const { pdf } = await purchasedTokens(request, 'traversal@example.com');
    // These reach the download route with a token that names a path: refused as invalid links.
    const atTheRoute = [
      '/api/downloads/..%2F..%2F..%2Fpackage.json',
      '/api/downloads/%2e%2e%2f%2e%2e%2fcommerce.sqlite',
      '/api/downloads/%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/api/downloads/..%5C..%5Cpackage.json',
      '/api/downloads/%2Fetc%2Fpasswd',
      '/api/downloads/%2F%2Fetc%2Fpasswd',
      '/api/downloads/C:%5CWindows%5Cwin.ini',
      `/api/downloads/${pdf}%2F..%2F..%2Fpackage.json`,
      `/api/downloads/${pdf.replace(/\.[^.]+$/, '')}.%2e%2e%2fassets%2faba-case-studies.pdf`,
    ];
    for (const path of atTheRoute) {
      const response = await rawGet(SHOP, path);
      expect(response.status, path).toBe(403);
      expect(response.type, path).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString()), path).toEqual(NOT_VALID);
      expectNoFileBytes(response.body);
    }
    // Plain dot segments are resolved before routing: they never reach the download route,
    // and what they resolve to is a page that does not exist.
    const resolvedAway = [
      '/api/downloads/../../package.json',
      '/api/downloads/%2e%2e/%2e%2e/commerce.sqlite',
      `/api/downloads/${pdf}/../../../etc/passwd`,
      '/uploads/../../package.json',
      '/uploads/%2e%2e/%2e%2e/commerce.sqlite',
    ];
    for (const path of resolvedAway) {
      const response = await rawGet(SHOP, path);
      expect(response.status, path).toBe(404);
      expectNoFileBytes(response.body);
    }
  });
});

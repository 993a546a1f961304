/**
 * A body over the commerce service's limit, sent through the storefront, is the client's fault
 * and is always answered so: 413 'Request body is too large', never 503 'The shop is
 * temporarily unavailable' (docs/product.md#validation). The answer used to race the upload:
 * the service refused before the proxy had sent the whole body, and the proxy took the cut
 * connection for an outage.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { REQUEST_BODY_MAX_BYTES } from '@aba-shop/contract/constants';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const TOO_LARGE = 'Request body is too large';

/**
 * Writes a whole request, head and body, in one go on a raw socket, as curl does with a body
 * in memory, and returns the status line's code and the answer's body.
 */
function postAtOnce(
  base: string,
  path: string,
  body: string,
  { chunked = false, origin = base } = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    `Origin: ${origin}`,
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  const payload = chunked
    ? `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`
    : body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(head + payload));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the body is still going out; what it answered counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const [, text = ''] = answer.split('\r\n\r\n');
      // A chunked answer's body sits between its chunk sizes.
      const json = /\{[\s\S]*\}/.exec(text)?.[0] ?? text;
      resolve({ status, body: json });
    });
  });
}

const twoMegabytes = () => JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });

test('a 2 MB form sent at once is answered 413 with its reason, every time, as the service itself answers', async ({
  baseURL,
}) => {
  const storefront = baseURL as string;
  const commerce = process.env.E2E_COMMERCE_URL as string;
  const body = twoMegabytes();
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const through = await postAtOnce(storefront, '/api/forms/submit', body);
    expect(through.status, `attempt ${attempt + 1} through the storefront`).toBe(413);
    expect(JSON.parse(through.body)).toMatchObject({ message: TOO_LARGE });
  }
  const direct = await postAtOnce(commerce, '/api/forms/submit', body, { origin: storefront });
  expect(direct.status).toBe(413);
  expect(JSON.parse(direct.body)).toMatchObject({ message: TOO_LARGE });
});

test('a body streamed without a length, one byte over the limit, is refused the same way; one at the limit is read', async ({
  baseURL,
  request,
}) => {
  const storefront = baseURL as string;
  const over = JSON.stringify({ pad: 'x'.repeat(REQUEST_BODY_MAX_BYTES - 9) });
  expect(Buffer.byteLength(over)).toBe(REQUEST_BODY_MAX_BYTES + 1);
  const streamed = await postAtOnce(storefront, '/api/forms/submit', over, { chunked: true });
  expect(streamed.status).toBe(413);
  expect(JSON.parse(streamed.body)).toMatchObject({ message: TOO_LARGE });

  // At the limit the body reaches the service, which says what is wrong with the form.
  const atLimit = JSON.stringify({ pad: 'x'.repeat(REQUEST_BODY_MAX_BYTES - 10) });
  const read = await request.post('/api/forms/submit', {
    headers: { 'content-type': 'application/json', origin: storefront },
    data: atLimit,
  });
  expect(read.status()).toBe(400);
});

test('a route that answers in `error` gets the 413 there too', async ({ baseURL }) => {
  const answer = await postAtOnce(
    baseURL as string,
    '/api/send-otp',
    JSON.stringify({ email: `${'a'.repeat(2 * 1024 * 1024)}@example.com` }),
  );
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toMatchObject({ error: TOO_LARGE });
});

/**
 * @jest-environment node
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowMetaPixel, readMetaPixelId, withMetaPixel } from './meta-pixel-setting.mjs';

const POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'";
const WITH_PIXEL =
  "default-src 'self'; script-src 'self' 'unsafe-inline' https://connect.facebook.net; img-src 'self' data: https:; connect-src 'self' https://www.facebook.com https://connect.facebook.net; frame-ancestors 'none'";

describe('readMetaPixelId', () => {
  it("reads no pixel from nothing, and Meta's 15 or 16 digits as the id", () => {
    expect(readMetaPixelId(undefined)).toEqual({ ok: true, pixelId: undefined });
    expect(readMetaPixelId('')).toEqual({ ok: true, pixelId: undefined });
    expect(readMetaPixelId('000000000000000')).toEqual({ ok: true, pixelId: '000000000000000' });
    expect(readMetaPixelId('1234567890123456')).toEqual({ ok: true, pixelId: '1234567890123456' });
  });

  it('refuses anything else, saying what an id looks like', () => {
    for (const wrong of ['1234', '12345678901234567', 'abc123456789012', '123456789012345 '])
      expect(readMetaPixelId(wrong)).toEqual({
        ok: false,
        message: expect.stringMatching(/15 or 16 digits/),
      });
  });
});

describe('withMetaPixel', () => {
  it("allows the pixel's script and its reports, and changes nothing else", () => {
    expect(withMetaPixel(POLICY)).toBe(WITH_PIXEL);
    expect(withMetaPixel(WITH_PIXEL)).toBe(WITH_PIXEL);
  });

  it('leaves a policy without those directives as it is', () => {
    expect(withMetaPixel("frame-ancestors 'none'")).toBe("frame-ancestors 'none'");
  });
});

describe('allowMetaPixel', () => {
  /** Serves one answer made by `answer`, through allowMetaPixel, and gives back its policy. */
  async function policyOf(answer: (response: ServerResponse) => void): Promise<string | null> {
    const server = createServer((_request, response) => {
      allowMetaPixel(response);
      answer(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.text();
      return response.headers.get('content-security-policy');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('widens the policy set before the body is written, by end() or by write()', async () => {
    expect(
      await policyOf((response) => {
        response.setHeader('content-security-policy', POLICY);
        response.end('page');
      }),
    ).toBe(WITH_PIXEL);
    expect(
      await policyOf((response) => {
        response.setHeader('content-security-policy', POLICY);
        response.write('pa');
        response.end('ge');
      }),
    ).toBe(WITH_PIXEL);
  });

  it('widens it when the headers are written by writeHead, and every value of a list', async () => {
    expect(
      await policyOf((response) => {
        response.setHeader('content-security-policy', [POLICY, POLICY]);
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end();
      }),
    ).toBe(`${WITH_PIXEL}, ${WITH_PIXEL}`);
  });

  it('gives an answer without a policy none', async () => {
    expect(await policyOf((response) => response.end('file'))).toBeNull();
  });
});

/**
 * CMS uploads on the shop's origin (docs/product.md#uploaded-media). The CMS refuses what is
 * not a raster image or a PDF, with a message that says so; and whatever is in its uploads
 * folder anyway (uploaded before the rule, or slipped past it) does not run as the shop when
 * opened through the storefront: it is a sandboxed document or a download.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cmsEditorToken as editorToken } from '../support/cms-admin.js';

const cmsUrl = () => process.env.E2E_CMS_URL ?? '';
const uploadsDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'cms-public', 'uploads');

/** A script that, should it run as the shop, leaves marks the test looks for. */
const PAYLOAD = `
  localStorage.setItem('uploaded-script-ran', 'yes');
  document.cookie = 'uploaded_script_ran=yes; path=/';
  fetch('/api/products?uploaded-script-ran=yes');
`;

const HOSTILE = {
  html: `<!doctype html><html><head><title>hostile</title></head><body><h1>hostile</h1><script>${PAYLOAD}</script></body></html>`,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${PAYLOAD}</script><rect width="10" height="10"/></svg>`,
  js: PAYLOAD,
};

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function upload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  return request.post(`${cmsUrl()}/upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { files: file },
  });
}

/** Whether the payload left any mark on the shop's origin. */
async function expectNoScriptRan(page: Page, requests: string[]) {
  await page.goto('/about');
  expect(await page.evaluate(() => localStorage.getItem('uploaded-script-ran'))).toBeNull();
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain(
    'uploaded_script_ran',
  );
  expect(requests.filter((url) => url.includes('uploaded-script-ran'))).toEqual([]);
}

test.describe('the CMS', () => {
  test.skip(({ isMobile }) => isMobile, 'The admin API: checked once, on desktop.');

  test('refuses an HTML page, an SVG with a script and a script, saying which type is not allowed', async ({
    request,
  }) => {
    const token = await editorToken(request);
    const hostile = [
      { name: 'offer.html', mimeType: 'text/html', buffer: Buffer.from(HOSTILE.html) },
      // Declared as an image: the extension and the content still say what it is.
      { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE.svg) },
      { name: 'tracker.js', mimeType: 'text/javascript', buffer: Buffer.from(HOSTILE.js) },
      { name: 'offer.html', mimeType: 'image/png', buffer: Buffer.from(HOSTILE.html) },
    ];
    for (const file of hostile) {
      const answer = await upload(request, token, file);
      const body = (await answer.json()) as { error?: { message?: string } };
      expect(answer.status(), `${file.name} as ${file.mimeType}`).toBe(400);
      expect(body.error?.message, `${file.name} as ${file.mimeType}`).toMatch(/is not allowed/);
    }
  });

  test('still takes the images the pages show', async ({ request }) => {
    const token = await editorToken(request);
    const answer = await upload(request, token, {
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    expect(answer.status()).toBe(201);
    const [file] = (await answer.json()) as { id: number; url: string; mime: string }[];
    expect(file?.mime).toBe('image/png');
    // Served through the storefront, and by the CMS itself, as an image, inline.
    for (const origin of ['', cmsUrl()]) {
      const served = await request.get(`${origin}${file?.url ?? ''}`);
      expect(served.status(), origin).toBe(200);
      expect(served.headers()['content-type'], origin).toBe('image/png');
      expect(served.headers()['content-disposition'], origin).toBeUndefined();
    }
    await request.delete(`${cmsUrl()}/upload/files/${file?.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  });
});

test.describe('a hostile file already in the uploads folder, opened through the storefront', () => {
  const written: string[] = [];
  test.afterEach(() => {
    for (const file of written.splice(0)) rmSync(file, { force: true });
  });

  /** Writes a file into the CMS's uploads folder; returns its address on the storefront. */
  function place(name: string, content: string): string {
    mkdirSync(uploadsDir(), { recursive: true });
    const file = path.join(uploadsDir(), name);
    writeFileSync(file, content);
    written.push(file);
    return `/uploads/${name}`;
  }

  function watchRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    return seen;
  }

  for (const kind of ['html', 'svg'] as const) {
    test(`a .${kind} file downloads instead of running, in a sandbox with no script`, async ({
      page,
      request,
      isMobile,
    }) => {
      const url = place(`hostile-${isMobile ? 'phone' : 'desktop'}.${kind}`, HOSTILE[kind]);
      const served = await request.get(url);
      expect(served.status()).toBe(200);
      const headers = served.headers();
      expect(headers['content-disposition']).toBe('attachment');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);

      // The CMS's own origin, where editors are signed in, serves it the same way.
      const atCms = (await request.get(`${cmsUrl()}${url}`)).headers();
      expect(atCms['content-disposition']).toBe('attachment');
      expect(atCms['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(atCms['x-content-type-options']).toBe('nosniff');

      const requests = watchRequests(page);
      const download = page.waitForEvent('download');
      // A download is not a page: the browser stays where it was.
      await page.goto(url).catch((error: unknown) => {
        expect(String(error)).toMatch(/Download is starting/);
      });
      expect((await download).suggestedFilename()).toBe(
        `hostile-${isMobile ? 'phone' : 'desktop'}.${kind}`,
      );
      await expectNoScriptRan(page, requests);
    });
  }

  test('an HTML page named as an image is shown as an image, never run', async ({
    page,
    request,
    isMobile,
  }) => {
    const url = place(`disguised-${isMobile ? 'phone' : 'desktop'}.png`, HOSTILE.html);
    const served = await request.get(url);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toMatch(/^sandbox;/);

    const requests = watchRequests(page);
    await page.goto(url);
    await expect(page.locator('h1')).toHaveCount(0);
    await expectNoScriptRan(page, requests);
  });
});

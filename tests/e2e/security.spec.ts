/**
 * Hostile input through the storefront's origin, as production exposes the shop: state changes
 * sent from other sites, the admin routes, guessed sign-in codes, open redirects, scripts in
 * CMS content, forged and replayed download links, path traversal, framing, and the security
 * headers and content security policy of every page.
 *
 * What uses up per-client limits (sign-in codes) or needs Stripe runs on a commerce service
 * and storefront of their own (startShopOnCms), so the shared shop's budgets stay untouched.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  startFakeStripe,
  type FakeStripe,
} from '../../commerce-service/src/test-support/fake-stripe.js';
import { publishEntry } from '../support/cms-admin.js';
import { readMailbox, waitForSignInCode } from '../support/mailbox.js';
import { payCheckout, payOnTestCheckoutPage, startCheckout } from '../support/shop.js';
import { requestAndEnterCode, signInByCode } from '../support/sign-in.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';

const SHOP = process.env.E2E_STOREFRONT_URL ?? '';
const CROSS_SITE_REFUSAL = {
  message: 'Requests from another site are not accepted.',
  error: 'Requests from another site are not accepted.',
};
const NOT_ADMIN = 'Il tuo account non è un amministratore: non può eseguire questa operazione.';
const SIGNED_OUT = 'Accedi con un account amministratore per continuare.';
const OWNER_EMAIL = 'support@abaparentguides.com';

const contactBody = (name: string) => ({
  formId: 'contact_form',
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
  subject: 'General Question',
  message: 'Is the audiobook the same text as the PDF?',
});

/**
 * Another site for the browser: a server on this machine, reached as `localhost`, which is not
 * the same site as 127.0.0.1. (A page faked by request interception would count as a public
 * site, and Chromium keeps those from reaching local addresses at all, proving nothing.)
 */
const attackerPages = new Map<string, string>();
let attackerSite: Server;
let attackerOrigin = '';

test.beforeAll(async () => {
  attackerSite = createServer((request, response) => {
    const html = attackerPages.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ? `<!doctype html><html><body>${html}</body></html>` : '');
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://localhost:${(attackerSite.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => attackerSite.close(() => resolve())));

/** Opens `html` as a page of the other site in this browser context. */
async function attackerPage(context: BrowserContext, html: string): Promise<Page> {
  const path = `/prize-${attackerPages.size + 1}.html`;
  attackerPages.set(path, html);
  const page = await context.newPage();
  await page.goto(`${attackerOrigin}${path}`);
  return page;
}

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

/** No part of an eBook, the database, the repository or the system came back. */
function expectNoFileBytes(body: Buffer) {
  const text = body.toString('latin1');
  expect(text.startsWith('%PDF')).toBe(false);
  expect(text.startsWith('ID3')).toBe(false);
  expect(text).not.toContain('SQLite format 3');
  expect(text).not.toContain('root:x:0:0');
  expect(text).not.toContain('"workspaces"');
}

async function expectJsonRefusal(response: APIResponse, status: number, body: unknown) {
  expect(response.status()).toBe(status);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(await response.json()).toEqual(body);
}

test.describe('state changes sent from another site', () => {
  const forgeries: [string, Record<string, string>][] = [
    ['another Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/prize.html' }],
  ];
  const record = { user_id: 'u-1', email: 'member@example.com', session_id: 'cs_forged_1' };
  const targets: { method: string; path: string; data?: unknown }[] = [
    {
      method: 'POST',
      path: '/api/create-checkout-session',
      data: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    },
    { method: 'POST', path: '/api/forms/submit', data: contactBody('Forged Sender') },
    { method: 'POST', path: '/api/subscription-records', data: { sessionId: 'cs_local_forged' } },
    { method: 'POST', path: '/api/subscription-records', data: record },
    { method: 'PUT', path: '/api/subscription-records/1', data: record },
    { method: 'DELETE', path: '/api/subscription-records/1' },
    { method: 'POST', path: '/api/send-otp', data: { email: 'victim@example.com' } },
    {
      method: 'POST',
      path: '/api/verify-otp',
      data: { email: 'victim@example.com', otp: '123456' },
    },
    { method: 'POST', path: '/api/downloads/resend', data: { email: 'victim@example.com' } },
    { method: 'GET', path: '/api/logout' },
  ];

  for (const [how, headers] of forgeries) {
    test(`are refused with 403 JSON when they carry ${how}`, async ({ request }) => {
      for (const { method, path, data } of targets) {
        const response = await request.fetch(path, { method, headers, data });
        expect(response.status(), `${method} ${path}`).toBe(403);
        expect(await response.json(), `${method} ${path}`).toEqual(CROSS_SITE_REFUSAL);
      }
    });
  }

  test('go through when the shop itself sends them, and nothing was done by the forged ones', async ({
    request,
  }, testInfo) => {
    const shop = { origin: SHOP, 'sec-fetch-site': 'same-origin' };
    const checkout = await request.post(targets[0]?.path as string, {
      headers: shop,
      data: targets[0]?.data,
    });
    expect(checkout.status()).toBe(200);
    expect((await checkout.json()).checkoutUrl).toMatch(/\/api\/checkout\/local\/cs_local_/);

    const name = `Genuine Sender ${testInfo.project.name}`;
    const contact = await request.post('/api/forms/submit', {
      headers: shop,
      data: contactBody(name),
    });
    expect(contact.status()).toBe(200);
    expect((await contact.json()).success).toBe(true);
    const notified = (sender: string) =>
      readMailbox().some(
        (mail) =>
          mail.to === OWNER_EMAIL &&
          mail.subject === `Contact form: General Question (from ${sender})`,
      );
    await expect.poll(() => notified(name), { timeout: 15_000 }).toBe(true);
    expect(notified('Forged Sender')).toBe(false);

    // The admin routes answer the shop's own request with their own rule (sign in), not 403.
    const list = await request.get('/api/subscription-records', { headers: shop });
    await expectJsonRefusal(list, 401, { error: SIGNED_OUT });
    expect((await request.get('/api/logout', { headers: shop })).status()).toBe(200);
  });

  test('a page on another site cannot send the contact form, even as a plain form post', async ({
    context,
  }) => {
    // The service also reads form-encoded bodies (the test checkout's Pay form), so a plain
    // HTML form on any site could post the contact form if only content types guarded it.
    const page = await attackerPage(
      context,
      `<form id="f" method="post" action="${SHOP}/api/forms/submit">
         <input name="formId" value="contact_form"><input name="name" value="Browser Forgery">
         <input name="email" value="browser.forgery@example.com">
         <input name="subject" value="General Question">
         <input name="message" value="Sent by a page of another site.">
       </form>`,
    );
    const posted = page.waitForResponse(`${SHOP}/api/forms/submit`);
    await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
    const response = await posted;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual(CROSS_SITE_REFUSAL);
    expect(readMailbox().some((mail) => mail.subject.includes('(from Browser Forgery)'))).toBe(
      false,
    );
  });

  test('a page on another site cannot frame the shop', async ({ context }) => {
    const refusals: string[] = [];
    context.on('console', (message) => refusals.push(message.text()));
    const page = await attackerPage(
      context,
      `<iframe title="home" src="${SHOP}/"></iframe><iframe title="shop" src="${SHOP}/shop"></iframe>
       <iframe title="post" src="${SHOP}/blog/featured-1"></iframe>`,
    );
    // A blog post may be framed by the CMS admin's preview only, not by this site.
    for (const title of ['home', 'shop', 'post']) {
      const frame = await page.locator(`iframe[title="${title}"]`).elementHandle();
      await expect
        .poll(async () => (await frame?.contentFrame())?.url() ?? '')
        .toMatch(/^chrome-error:/);
    }
    expect(refusals.join('\n')).toMatch(
      /violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    );
  });
});

test.describe('the admin area', () => {
  test('answers 401 to a visitor who is not signed in, for every method', async ({ request }) => {
    const record = { user_id: 'u-1', email: 'member@example.com', session_id: 'cs_admin_401' };
    const shop = { origin: SHOP };
    await expectJsonRefusal(await request.get('/api/subscription-records'), 401, {
      error: SIGNED_OUT,
    });
    await expectJsonRefusal(
      await request.post('/api/subscription-records', { headers: shop, data: record }),
      401,
      { error: SIGNED_OUT },
    );
    await expectJsonRefusal(
      await request.put('/api/subscription-records/1', { headers: shop, data: record }),
      401,
      { error: SIGNED_OUT },
    );
    await expectJsonRefusal(
      await request.delete('/api/subscription-records/1', { headers: shop }),
      401,
      { error: SIGNED_OUT },
    );
  });

  test('sends a visitor who is not signed in to the login page', async ({ page }) => {
    await page.goto('/admin/subscriptions');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/subscriptions');
    await expect(page.getByRole('button', { name: 'Nuovo Subscription Record' })).toHaveCount(0);
  });
});

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

test.describe('content from the CMS', () => {
  test('a script, an event handler or a javascript: link in an article or an FAQ never runs', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const mark = `${testInfo.project.name}-${Date.now()}`;
    const slug = `hostile-markup-${mark}`;
    const payloads = [
      '<script>window.__hostile = "script"</script>',
      '<img src="/missing.png" alt="x" onerror="window.__hostile = \'img\'">',
      '<svg onload="window.__hostile = \'svg\'"><circle r="4"></circle></svg>',
      '<iframe src="javascript:parent.__hostile=\'iframe\'"></iframe>',
      '<a href="javascript:window.__hostile=\'link\'">Read more</a>',
      '<a href="jav&#x09;ascript:window.__hostile=\'entity\'">Also here</a>',
      '<form action="https://evil.example/steal"><button>Claim</button></form>',
      '<details open ontoggle="window.__hostile=\'toggle\'"><summary>More</summary></details>',
      '<style>body { display: none }</style>',
    ];
    const post = await publishEntry(request, 'api::blog-post.blog-post', {
      title: `Bedtime routines </script><script>window.__hostile = "title"</script> ${mark}`,
      slug,
      excerpt: '<img src=x onerror="window.__hostile = \'excerpt\'"> A calmer evening.',
      featured: false,
      content: ['A first harmless paragraph.', ...payloads].join('\n\n'),
    });
    const question = `Is it safe? <img src=x onerror="window.__hostile='question'"> ${mark}`;
    const faq = await publishEntry(request, 'api::faq-item.faq-item', {
      question,
      answer: `</script><script>window.__hostile = "answer"</script> Yes, it is ${mark}.`,
      placement: 'home',
      order: 999,
    });
    try {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const hostile = () =>
        page.evaluate(() => (window as unknown as { __hostile?: string }).__hostile);

      await expect
        .poll(async () => (await request.get(`/blog/${slug}`)).status(), { timeout: 15_000 })
        .toBe(200);
      await page.goto(`/blog/${slug}`);
      const article = page.locator('article');
      await expect(page.getByText('A first harmless paragraph.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('</script><script>');
      // The links lost their javascript: targets; their text stays.
      await expect(article.getByText('Read more', { exact: true })).toBeVisible();
      await expect(article.getByRole('link', { name: 'Read more', exact: true })).toHaveCount(0);
      await expect(
        article.locator(
          'script, iframe, svg, form, style, [onerror], [onload], [ontoggle], a[href*="script:" i]',
        ),
      ).toHaveCount(0);
      await article.getByText('Read more', { exact: true }).click();
      await article.getByText('Also here', { exact: true }).click();
      expect(await hostile()).toBeUndefined();

      await expect
        .poll(async () => (await (await request.get('/')).text()).includes(mark), {
          timeout: 15_000,
        })
        .toBe(true);
      await page.goto('/');
      const faqButton = page.getByRole('button', { name: question });
      await faqButton.click();
      await expect(page.getByText(`Yes, it is ${mark}.`)).toBeVisible();
      // The structured data carries the answer, with `<` escaped so it cannot end its script.
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      const faqData = structured.find((text) => text.includes(mark)) ?? '';
      expect(faqData).toContain('\\u003c/script>');
      expect(faqData).not.toContain('</script');
      expect(await hostile()).toBeUndefined();
      expect(dialogs).toEqual([]);
    } finally {
      await post.remove();
      await faq.remove();
    }
    await expect
      .poll(async () => (await (await request.get('/')).text()).includes(mark), {
        timeout: 15_000,
      })
      .toBe(false);
    expect((await request.get(`/api/blogposts/${slug}`)).status()).toBe(404);
  });
});

test.describe('security headers', () => {
  const SEARCH_HIDDEN_PAGES = [
    '/login',
    '/auth/callback',
    '/account',
    '/admin/subscriptions',
    '/admin/orders',
    '/admin/orders/ord_0',
    '/checkout/success',
    '/checkout/cancel',
    '/checkout/error',
    '/thank-you',
    '/thank-you/ebook-aba-for-parents',
    '/thank-you/ebook-aba-case-studies',
    '/thank-you/ebook-aba-complete-pack',
    '/thank-you/aba-for-parents',
    '/thank-you/case-studies',
    '/blog/no-such-post',
    '/no-such-page',
  ];

  /** Every page of the sitemap, and the pages search engines are told to leave alone. */
  async function everyPage(request: APIRequestContext): Promise<string[]> {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] as string).pathname,
    );
    expect(listed).toEqual(expect.arrayContaining(['/', '/shop', '/blog', '/contact', '/about']));
    expect(listed.some((path) => path.startsWith('/blog/'))).toBe(true);
    return [...listed, ...SEARCH_HIDDEN_PAGES];
  }

  /** Who may frame a path: nobody, except the CMS admin's preview panel for blog posts. */
  const framers = (path: string) =>
    path.startsWith('/blog/') ? new URL(process.env.E2E_CMS_URL as string).origin : "'none'";

  function expectPageHeaders(headers: Record<string, string>, what: string) {
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, what).not.toContain('unsafe-eval');
    expect(policy, what).toMatch(/(^|; )default-src 'self'(;|$)/);
    expect(policy, what).toMatch(/(^|; )script-src 'self' 'unsafe-inline'(;|$)/);
    expect(
      policy.split('; ').find((directive) => directive.startsWith('frame-ancestors ')),
      what,
    ).toBe(`frame-ancestors ${framers(what)}`);
    expect(policy, what).toMatch(/(^|; )object-src 'none'(;|$)/);
    expect(policy, what).toMatch(/(^|; )base-uri 'self'(;|$)/);
    expect(policy, what).toMatch(/(^|; )form-action 'self'(;|$)/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*microphone=\(\)/);
  }

  test('every page, asset and API answer carries them; HSTS only when the visitor came over TLS', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const pages = await everyPage(request);
    const home = await (await request.get('/')).text();
    const asset = /\/_next\/static\/[^"'\s]+\.js/.exec(home)?.[0];
    const media = /\/uploads\/[^"'\s?]+\.(?:svg|png|jpe?g|webp)/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    expect(media).toBeTruthy();
    const files = [asset as string, '/robots.txt', '/sitemap.xml', '/icon.png'];

    for (const path of [...pages, ...files, '/api/blogposts']) {
      const plain = await request.get(path, { maxRedirects: 0 });
      expect(plain.status(), path).toBeLessThan(500);
      expectPageHeaders(plain.headers(), path);
      expect(plain.headers()['strict-transport-security'], path).toBeUndefined();
      const overTls = await request.get(path, {
        maxRedirects: 0,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers()['strict-transport-security'], path).toMatch(
        /^max-age=31536000; includeSubDomains$/,
      );
    }

    // CMS media come with the CMS's own policy, which is stricter still for scripts (none
    // inline at all: an uploaded SVG cannot run one). Strapi sends HSTS on every answer;
    // browsers ignore it over plain http (RFC 6797, 8.1).
    const upload = (await request.get(media as string)).headers();
    expect(upload['content-security-policy']).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(upload['content-security-policy']).toMatch(/(^|;)\s*object-src 'none'\s*(;|$)/);
    expect(upload['content-security-policy']).not.toContain('unsafe-eval');
    expect(upload['x-content-type-options']).toBe('nosniff');
    expect(upload['x-frame-options']).toBe('SAMEORIGIN');

    // The commerce service's JSON answers keep their stricter referrer policy, and are still
    // neither sniffable nor framable, and HSTS follows the visitor's protocol there too.
    for (const path of ['/api/products', '/api/users/me', '/api/nothing-here']) {
      const answer = await request.get(path);
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers()['x-frame-options'], path).toBe('DENY');
      expect(answer.headers()['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers()['strict-transport-security'], path).toBeUndefined();
      const overTls = await request.get(path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers()['strict-transport-security'], path).toMatch(/^max-age=\d+/);
    }
  });
});

test.describe('the content security policy in the browser', () => {
  /** Collects every CSP violation the pages of this context report, with the page's path. */
  async function watchPolicyViolations(context: BrowserContext): Promise<string[]> {
    const violations: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation on ${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}`,
        );
      });
    });
    context.on('console', (message) => {
      if (/CSP violation|Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    return violations;
  }

  /**
   * Lets a page's scripts run: until the network is idle, or for five seconds at most. Next's
   * router can leave a prefetch's answer unread for twenty seconds and more, which keeps the
   * network from going idle; five seconds is long past a page's own scripts.
   */
  const settle = (page: Page) =>
    page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);

  /** Opens a page, lets it load its lazy parts and settle. */
  async function visit(page: Page, path: string) {
    await page.goto(path);
    // A page that moves on by itself (admin to login) may do so while this runs.
    await page
      .evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      .catch(() => undefined);
    await settle(page);
  }

  test('no page breaks the policy: content pages, the chat, checkout, thank-you, sign-in and admin', async ({
    page,
    context,
    request,
    isMobile,
  }) => {
    test.setTimeout(90_000);
    const violations = await watchPolicyViolations(context);
    const posts = (await (await request.get('/api/blogposts')).json()) as { slug: string }[];
    const pages = [
      '/',
      '/shop',
      '/blog',
      `/blog/${posts[0]?.slug}`,
      '/blog/featured-1',
      '/contact',
      '/about',
      '/privacy-policy',
      '/login',
      '/auth/callback',
      '/checkout/success',
      '/checkout/cancel',
      '/checkout/error',
      '/thank-you',
      '/thank-you/ebook-aba-for-parents',
      '/thank-you/aba-for-parents',
      '/admin/subscriptions',
      '/admin/orders',
    ];
    for (const path of pages) await visit(page, path);
    expect(violations).toEqual([]);

    // The chat talks to the storefront's own /api/chat.
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open chat assistant' }).click();
    await page.getByPlaceholder('Ask me anything about ABA...').fill('How much does it cost?');
    const answered = page.waitForResponse('**/api/chat');
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);

    // A purchase through the local test checkout page (its form posts on this origin), the
    // success page and the thank-you page it moves on to.
    const { checkoutUrl } = await startCheckout(request, [
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ]);
    await page.goto(checkoutUrl);
    await payOnTestCheckoutPage(page, `csp.${isMobile ? 'phone' : 'desktop'}@example.com`);
    await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
    await page.waitForURL(/\/thank-you\/ebook-aba-case-studies/, { timeout: 10_000 });
    await settle(page);

    if (!isMobile) {
      // Google sign-in: the popup and its return page, then logging out on this origin.
      await visit(page, '/login');
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Continua con Google' }).click();
      await (await popup).waitForEvent('close');
      await expect(page.getByText('Login effettuato con successo!')).toBeVisible();
      await page.waitForURL((url) => url.pathname === '/');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await expect.poll(async () => (await page.request.get('/api/users/me')).json()).toBeNull();
    }
    expect(violations).toEqual([]);

    // The watcher does see violations: the page's own code may not eval (a task of its own,
    // as the tools' evaluation is exempt), nor load a script from another host.
    await page.evaluate(() => {
      const probe = document.createElement('script');
      probe.textContent = `setTimeout(() => {
        try { eval('6 * 7'); window.__evalProbe = 'ran'; } catch (error) { window.__evalProbe = error.name; }
      })`;
      document.head.append(probe);
      const foreign = document.createElement('script');
      foreign.src = 'https://evil.example/steal.js';
      document.head.append(foreign);
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __evalProbe?: string }).__evalProbe))
      .toBe('EvalError');
    await expect.poll(() => violations.join('\n')).toMatch(/script-src blocked eval/);
    await expect
      .poll(() => violations.join('\n'))
      .toMatch(/script-src-elem blocked https:\/\/evil\.example\/steal\.js/);
  });
});

test.describe('on a shop of its own', () => {
  test.describe.configure({ timeout: 120_000 });
  const WEBHOOK_SECRET = 'whsec_e2e_security_journeys';
  let stripe: FakeStripe;
  let shop: RunningStack;
  let base = '';

  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    test.skip(Boolean(testInfo.project.use.isMobile), 'One own shop per run is enough.');
    testInfo.setTimeout(240_000);
    stripe = await startFakeStripe();
    shop = await startShopOnCms({
      cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2e_security',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        // The journeys play the TLS proxy in front of it, which says who each visitor is.
        TRUSTED_PROXIES: 'loopback',
      },
    });
    base = shop.urls.storefront;
  });

  test.afterAll(async () => {
    await shop?.stop();
    await stripe?.close();
  });

  /** A visitor of the own shop, reaching it through a TLS proxy that says who they are. */
  const visitor = (browser: Browser, address: string) =>
    browser.newContext({ baseURL: base, extraHTTPHeaders: { 'x-forwarded-for': address } });

  const sendOtp = (request: APIRequestContext, email: string, client: string) =>
    request.post(`${base}/api/send-otp`, {
      headers: { origin: base, 'x-forwarded-for': client },
      data: { email },
    });
  const verifyOtp = (request: APIRequestContext, email: string, otp: string, client: string) =>
    request.post(`${base}/api/verify-otp`, {
      headers: { origin: base, 'x-forwarded-for': client },
      data: { email, otp },
    });

  test('guessing a sign-in code stops after five wrong tries: then even the right code is refused', async ({
    request,
  }) => {
    const email = 'guesser@example.com';
    const client = '203.0.113.20';
    expect((await sendOtp(request, email, client)).status()).toBe(200);
    const code = await waitForSignInCode(email, 0, shop.dataDir);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await expectJsonRefusal(await verifyOtp(request, email, wrong, client), 401, {
        error: 'Codice OTP non valido',
      });
    const right = await verifyOtp(request, email, code, client);
    expect(right.status()).toBe(429);
    expect(await right.json()).toEqual({ error: 'Troppi tentativi: richiedi un nuovo codice' });
    expect(right.headers()['set-cookie']).toBeUndefined();
  });

  test('one client may try twenty codes in ten minutes, across any number of addresses', async ({
    request,
  }) => {
    const client = '203.0.113.21';
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect(
        (await verifyOtp(request, `spray${attempt}@example.com`, '123456', client)).status(),
      ).toBe(401);
    const next = await verifyOtp(request, 'spray20@example.com', '123456', client);
    expect(next.status()).toBe(429);
    expect((await next.json()).error).toMatch(/^Troppe richieste: attendi /);
    // Another visitor is not held back by this one.
    expect((await verifyOtp(request, 'spray@example.com', '123456', '203.0.113.22')).status()).toBe(
      401,
    );
  });

  test('one client may ask for ten codes in ten minutes; another client is still served', async ({
    request,
  }) => {
    const client = '203.0.113.23';
    for (let sent = 0; sent < 10; sent += 1)
      expect((await sendOtp(request, `flood${sent}@example.com`, client)).status()).toBe(200);
    const eleventh = await sendOtp(request, 'flood10@example.com', client);
    expect(eleventh.status()).toBe(429);
    expect((await eleventh.json()).error).toMatch(/^Troppe richieste: attendi /);
    expect((await sendOtp(request, 'not.flooding@example.com', '203.0.113.24')).status()).toBe(200);
  });

  test('a signed-in account that is not an administrator gets 403 and the not-authorised page; another site cannot log it out', async ({
    browser,
  }) => {
    const context = await visitor(browser, '198.51.100.30');
    const page = await context.newPage();
    await signInByCode(page, 'not.an.admin@example.com', shop.dataDir);
    const record = { user_id: 'u-1', email: 'member@example.com', session_id: 'cs_admin_403' };
    const same = { origin: base };
    const refusals = [
      await page.request.get('/api/subscription-records'),
      await page.request.post('/api/subscription-records', { headers: same, data: record }),
      await page.request.put('/api/subscription-records/1', { headers: same, data: record }),
      await page.request.delete('/api/subscription-records/1', { headers: same }),
    ];
    for (const refusal of refusals) await expectJsonRefusal(refusal, 403, { error: NOT_ADMIN });
    await page.goto('/admin/subscriptions');
    await expect(page.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuovo Subscription Record' })).toHaveCount(0);

    // A link on another site to the logout address: the browser sends the session cookie
    // (SameSite=Lax allows it on a top-level navigation), the shop still refuses.
    const attacker = await attackerPage(
      context,
      `<a href="${base}/api/logout">Claim your prize</a>`,
    );
    const followed = attacker.waitForResponse(`${base}/api/logout`);
    await attacker.getByRole('link', { name: 'Claim your prize' }).click();
    expect((await followed).status()).toBe(403);
    expect(await (await page.request.get('/api/users/me')).json()).toMatchObject({
      email: 'not.an.admin@example.com',
    });
    await context.close();
  });

  test('after signing in, the login page never leaves the site, whatever its redirect says', async ({
    browser,
  }) => {
    const redirects = [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example/phish',
      '\\\\evil.example\\phish',
      'javascript:window.__hostile=1',
      'https:evil.example',
      '/\tevil.example',
      '/%2F%2Fevil.example',
    ];
    for (const [index, redirect] of redirects.entries()) {
      const context = await visitor(browser, `198.51.100.${40 + index}`);
      const page = await context.newPage();
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await requestAndEnterCode(page, `redirect${index}@example.com`, shop.dataDir);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 5_000 });
      const landed = new URL(page.url());
      expect(landed.origin, redirect).toBe(base);
      // An encoded path is a path on this site (the shop answers it with its not-found
      // page); everything else that is not a plain path here goes home.
      expect(landed.pathname, redirect).toBe(redirect.startsWith('/%2F') ? redirect : '/');
      expect(
        await page.evaluate(() => (window as unknown as { __hostile?: number }).__hostile),
      ).toBeUndefined();
      await context.close();
    }

    // From a link on another site (its address as the referrer), too; and a path on this
    // site is honoured, so the rule is not simply "always home".
    const fromAttacker = await visitor(browser, '198.51.100.60');
    const attacker = await attackerPage(fromAttacker, `<a href="${base}/login">Sign in</a>`);
    await attacker.getByRole('link', { name: 'Sign in' }).click();
    await requestAndEnterCode(attacker, 'from.attacker@example.com', shop.dataDir);
    await attacker.waitForURL((url) => url.pathname !== '/login', { timeout: 5_000 });
    expect(new URL(attacker.url()).origin).toBe(base);
    expect(new URL(attacker.url()).pathname).toBe('/');
    await fromAttacker.close();

    const honest = await visitor(browser, '198.51.100.61');
    const page = await honest.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent('/shop')}`);
    await requestAndEnterCode(page, 'honest@example.com', shop.dataDir);
    await page.waitForURL((url) => url.pathname === '/shop', { timeout: 5_000 });
    await honest.close();
  });

  test('checkout refuses return paths that leave the shop, and Stripe only ever gets the shop’s own', async ({
    request,
  }) => {
    const products = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
    const outside = [
      'https://evil.example/thanks',
      'http://evil.example',
      '//evil.example/thanks',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/%2F%2Fevil.example',
      ' /checkout/success',
      '/checkout/success\n',
      'checkout/success',
    ];
    const sentToStripe = stripe.requests.length;
    for (const path of outside) {
      for (const body of [
        { products, successRouter: path, cancelRouter: '/checkout/cancel' },
        { products, successRouter: '/checkout/success', cancelRouter: path },
      ]) {
        const response = await request.post(`${base}/api/create-checkout-session`, {
          headers: { origin: base, 'x-forwarded-for': '203.0.113.30' },
          data: body,
        });
        expect(response.status(), JSON.stringify(body)).toBe(400);
        expect((await response.json()).message).toMatch(
          /^Invalid body: (successRouter|cancelRouter): must be a path on this site/,
        );
      }
    }
    expect(stripe.requests.length).toBe(sentToStripe);

    const good = await request.post(`${base}/api/create-checkout-session`, {
      headers: { origin: base },
      data: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
    });
    expect(good.status()).toBe(200);
    const created = stripe.requests.at(-1);
    expect(created?.path).toBe('/v1/checkout/sessions');
    expect(created?.fields.success_url).toBe(
      `${base}/checkout/success?sessionId={CHECKOUT_SESSION_ID}`,
    );
    expect(created?.fields.cancel_url).toBe(`${base}/checkout/cancel`);
  });

  test('a download link stops working once the order is refunded, and no byte is served', async ({
    request,
  }) => {
    let events = 0;
    const deliver = (type: string, object: Record<string, unknown>) => {
      events += 1;
      const payload = JSON.stringify({
        id: `evt_e2e_security_${events}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', WEBHOOK_SECRET)
        .update(`${timestamp}.${payload}`)
        .digest('hex');
      return request.post(`${base}/api/webhooks/stripe`, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${timestamp},v1=${signature}`,
        },
        data: payload,
      });
    };

    const created = await request.post(`${base}/api/create-checkout-session`, {
      headers: { origin: base },
      data: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    });
    expect(created.status()).toBe(200);
    const sessionId = ((await created.json()) as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = stripe.pay(sessionId, 'refunded.buyer@example.com');
    expect((await deliver('checkout.session.completed', { ...session })).status()).toBe(200);

    const detail = await request.get(`${base}/api/products/purchase-detail?sessionId=${sessionId}`);
    expect(detail.status()).toBe(200);
    const link = ((await detail.json()) as { products: { downloadUrl: string }[] }).products[0]
      ?.downloadUrl as string;
    expect(new URL(link).origin).toBe(base);
    const before = await request.get(link, { headers: { range: 'bytes=0-4' } });
    expect((await before.body()).toString()).toBe('%PDF-');

    const refund = await deliver('charge.refunded', {
      id: 'ch_e2e_security',
      object: 'charge',
      refunded: true,
      payment_intent: session.payment_intent,
    });
    expect(refund.status()).toBe(200);
    const after = await request.get(link);
    await expectJsonRefusal(after, 403, {
      message: 'This purchase has been refunded, so its downloads are no longer available.',
    });
    expectNoFileBytes(await after.body());
  });
});

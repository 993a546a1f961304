/**
 * The accessibility statement and the first gaps it closed (docs/product.md#accessibility): the
 * statement comes from the CMS, is linked from every footer and passes axe; a blog post's English
 * text is marked English inside its Italian page; the Italian sign-in e-mail says it is Italian.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { readMailbox } from '../support/mailbox.js';
import { requestSignInCode } from '../support/sign-in.js';

test('/accessibility states the WCAG 2.2 AA target, how it is checked, the known gaps and a contact, from the CMS', async ({
  page,
  request,
}) => {
  // What the CMS publishes is what the page shows, section by section.
  const published = await request.get(
    `${process.env.E2E_CMS_URL}/api/legal-pages?filters[slug][$eq]=accessibility&populate=sections`,
  );
  expect(published.status()).toBe(200);
  const [entry] = ((await published.json()) as { data: { sections: { heading: string }[] }[] })
    .data;
  expect(entry?.sections.length).toBe(6);

  const response = await page.goto('/accessibility');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Accessibility Statement/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Accessibility Statement');
  await expect(main.getByText('Last updated November 27, 2026')).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(
    (entry?.sections ?? []).map((section, index) => `${index + 1}. ${section.heading}`),
  );
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    '1. Our Commitment',
    '2. What We Aim For',
    '3. How We Check',
    '4. Known Gaps',
    '5. Feedback and Contact',
    '6. About This Statement',
  ]);
  await expect(main.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  await expect(main.getByText(/with axe against the WCAG/)).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the footer leads to the accessibility statement', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).first().click();
  await page.waitForURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility Statement');
});

test('a blog post’s English text is marked English, and only the page’s Italian words are marked Italian', async ({
  page,
  request,
}) => {
  const posts = (await (await request.get('/api/blogposts')).json()) as { slug: string }[];
  const slug = posts.find((post) => post.slug === 'helping-siblings-understand-autism')?.slug;
  expect(slug).toBeDefined();
  await page.goto(`/blog/${slug}`);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();

  // The language a screen reader uses for an element is that of its nearest lang attribute.
  const languages = await article.evaluate((root) => {
    const languageOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang');
    const text = Array.from(root.querySelectorAll('h1, blockquote, p, li, h2, h3')).filter(
      (element) => !element.closest('aside') && !element.closest('[lang="it"]:not(article)'),
    );
    return {
      post: text.map((element) => [element.tagName, languageOf(element)]),
      back: languageOf(root.querySelector('a[href="/blog"]') as Element),
      byline: languageOf(root.querySelector('time') as Element),
      italianAncestorsOfText: Array.from(
        root.querySelectorAll('h1, blockquote, [lang="en"] p'),
      ).filter((element) => element.parentElement?.closest('[lang="it"]')).length,
    };
  });
  expect(languages.post.length).toBeGreaterThan(3);
  for (const [tag, language] of languages.post) expect(`${tag}:${language}`).toBe(`${tag}:en`);
  expect(languages.back).toBe('it');
  expect(languages.byline).toBe('it');
  expect(languages.italianAncestorsOfText).toBe(0);
  await expect(article.getByText('Torna al Blog')).toHaveAttribute('lang', 'it');
  await expectNoSeriousAxeViolations(page);
});

/** The HTML part of an .eml file, decoded from quoted-printable or base64. */
function htmlPart(raw: string): string {
  const part = /Content-Type: text\/html[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  const header = /Content-Type: text\/html[^]*?\r?\n\r?\n/i.exec(raw)?.[0] ?? '';
  const body = part?.[1] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(header))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(header))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        ),
      'latin1',
    ).toString('utf8');
  return body;
}

test('the Italian sign-in e-mail declares itself Italian', async ({ page, isMobile }) => {
  test.skip(isMobile, 'An e-mail is the same whatever screen asked for it.');
  const email = 'lang.check@example.com';
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await requestSignInCode(page);
  let html = '';
  await expect
    .poll(() => {
      const mail = readMailbox()
        .filter((message) => message.to === email)
        .at(-1);
      html = mail ? htmlPart(mail.raw) : '';
      return html;
    })
    .toContain('<html');
  expect(html).toMatch(/<html lang="it">/);
  expect(html).toContain('Il tuo codice di accesso');
});

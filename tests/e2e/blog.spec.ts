/**
 * The blog (docs/product.md#blog, #blog-post, #error-catalogue, #constants-and-limits): the list
 * and a post in Italian. What readers see without the CMS is in fault-cms-down.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const [GETTING_STARTED, EMOTIONAL_CONNECTION, FAMILY_HARMONY] = [
  {
    slug: 'featured-1',
    title: "Getting Started with ABA: A Parent's First Steps",
    category: 'Getting Started',
    readTime: '5 min read',
  },
  {
    slug: 'featured-2',
    title: 'Building Emotional Connection Through ABA',
    category: 'Emotional Development',
    readTime: '7 min read',
  },
  {
    slug: 'featured-3',
    title: 'Creating Family Harmony with Consistent ABA Practices',
    category: 'Family Support',
    readTime: '6 min read',
  },
] as const;
const FEATURED = [GETTING_STARTED, EMOTIONAL_CONNECTION, FAMILY_HARMONY];

test('the blog list shows its badges, the three featured articles and the community posts', async ({
  page,
}) => {
  await page.goto('/blog');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'ABA Insights Blog' })).toBeVisible();
  for (const badge of ['Expert Advice', 'Parent Stories', 'Family Tips']) {
    await expect(main.getByText(badge, { exact: true })).toBeVisible();
  }

  const featured = main.getByRole('region', { name: 'Featured Articles' }).getByRole('listitem');
  await expect(featured).toHaveCount(3);
  for (const [index, article] of FEATURED.entries()) {
    const card = featured.nth(index);
    await expect(card.getByRole('link', { name: article.title })).toHaveAttribute(
      'href',
      `/blog/${article.slug}`,
    );
    await expect(card.getByText(article.category, { exact: true })).toBeVisible();
    await expect(card.getByText(article.readTime, { exact: true })).toBeVisible();
    await expect(card.getByRole('img')).toHaveAttribute('alt', /.+/);
  }

  const community = main.getByRole('region', { name: 'Latest From Our Community' });
  const siblings = community
    .getByRole('listitem')
    .filter({ hasText: 'Helping Siblings Understand Autism' });
  await expect(siblings.getByText('October 28, 2025', { exact: true })).toBeVisible();
  await expect(siblings.getByText('2 min read', { exact: true })).toBeVisible();
  await expect(siblings.getByText('Di Emily Rogers', { exact: true })).toBeVisible();
  await expect(siblings.getByText(/^Brothers and sisters have big questions/)).toBeVisible();
  await expect(siblings.getByRole('link', { name: /Leggi tutto/ })).toHaveAttribute(
    'href',
    '/blog/helping-siblings-understand-autism',
  );
  await expect(community.getByText('featured-1')).toHaveCount(0);

  await expect(main.getByRole('heading', { name: 'Stay Updated with ABA Insights' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Subscribe to Updates' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoSeriousAxeViolations(page);
});

test('a featured card opens the post in Italian, server-rendered, with its closing block', async ({
  page,
}) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: EMOTIONAL_CONNECTION.title }).click();
  await expect(page).toHaveURL(/\/blog\/featured-2$/);
  const article = page.getByRole('article');
  await expect(
    article.getByRole('heading', { level: 1, name: EMOTIONAL_CONNECTION.title }),
  ).toBeVisible();
  await expect(article.getByText('Di Maria Gonzalez, M.Ed.', { exact: true })).toBeVisible();
  await expect(article.getByText('9 settembre 2025', { exact: true })).toBeVisible();
  await expect(article.getByText(/^\d+ min di lettura$/)).toBeVisible();
  await expect(article.locator('blockquote')).toContainText('Good ABA is warm.');
  await expect(article.getByRole('link', { name: 'Explore Our eBooks' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expect(article.getByRole('link', { name: 'Read More Articles' })).toHaveAttribute(
    'href',
    '/blog',
  );
  await expectNoSeriousAxeViolations(page);

  await article.getByRole('link', { name: /Torna al Blog/ }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a featured card promises the read time its post page shows', async ({ page }) => {
  await page.goto('/blog');
  const card = page
    .getByRole('region', { name: 'Featured Articles' })
    .getByRole('listitem')
    .filter({ hasText: GETTING_STARTED.title });
  const listed = await card.getByText(/^\d+ min read$/).textContent();
  const [, minutes] = /^(\d+) min read$/.exec(listed ?? '') ?? [];
  expect(`${minutes} min read`).toBe(GETTING_STARTED.readTime);

  await card.getByRole('link', { name: GETTING_STARTED.title }).click();
  await expect(page).toHaveURL(/\/blog\/featured-1$/);
  await expect(page.getByRole('article').getByText(/^\d+ min di lettura$/)).toHaveText(
    `${minutes} min di lettura`,
  );
});

test('a blog post arrives complete in the server HTML, with its article data for search engines', async ({
  request,
}) => {
  const response = await request.get('/blog/featured-1');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<h1');
  expect(html).toContain('What ABA is, in plain words');
  const [, json] =
    /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BlogPosting".*?)<\/script>/.exec(
      html,
    ) ?? [];
  const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
  expect(data.headline).toBe(GETTING_STARTED.title);
  expect(data.datePublished).toBe('2025-09-02T09:00:00.000Z');
  expect(html).toMatch(/<meta property="og:title" content="Getting Started with ABA/);
});

test('an unknown post answers 404 with the Italian not-found view', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Post non trovato' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an unknown post is a 404 whose server HTML holds the shop’s shell and the Italian view', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/blog/no-such-post-either');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Post non trovato', level: 1 })).toBeVisible();
    await expect(
      main.getByText('Il post del blog che stai cercando non esiste o non è più disponibile.'),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Torna al Blog' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(/^Post non trovato/);

    // What a crawler reads: the view is in the document itself, not only in a script.
    const html = await (await request.get('/blog/no-such-post-either')).text();
    expect(html).not.toContain('id="__next_error__"');
    expect(html).toMatch(/<h1[^>]*>Post non trovato<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

test('sitemap.xml lists the pages and every published post; robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of [
    '/',
    '/about',
    '/blog',
    '/contact',
    '/shop',
    '/privacy-policy',
    '/accessibility',
  ]) {
    expect(sitemap).toMatch(new RegExp(`<loc>http://[^<]+${path.replace('/', '\\/')}</loc>`));
  }
  const posts = (await (await request.get('/api/blogposts')).json()) as { slug: string }[];
  for (const post of posts) expect(sitemap).toContain(`/blog/${post.slug}</loc>`);
  expect(sitemap).not.toContain('holiday-routines-draft');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http:\/\/\S+\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /admin/');
});

/** What visitors get from the CMS through the storefront: published content only, and safe. */
import { expect, test } from '@playwright/test';
import { publishEntry } from '../support/cms-admin.js';

test('the seeded draft never appears on the storefront', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blogposts')).json()) as {
    slug: string;
    status: string;
  }[];
  expect(posts.length).toBeGreaterThanOrEqual(6);
  expect(posts.map((post) => post.slug)).not.toContain('holiday-routines-draft');
  expect(posts.every((post) => post.status === 'published')).toBe(true);

  const missing = await request.get('/api/blogposts/holiday-routines-draft');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: 'Post not found' });

  await page.goto('/blog/holiday-routines-draft');
  await expect(page.getByRole('heading', { name: 'Post non trovato' })).toBeVisible();
  await expect(
    page.getByText('Il post del blog che stai cercando non esiste o non è più disponibile.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Torna al Blog' })).toHaveAttribute('href', '/blog');
});

test('a script typed into a post never runs in a reader’s browser', async ({ page, request }) => {
  const slug = `xss-attempt-${Date.now()}`;
  const post = await publishEntry(request, 'api::blog-post.blog-post', {
    title: 'Ordinary looking article',
    slug,
    featured: false,
    content: [
      'Harmless first paragraph.',
      '<script>window.__injected = "script"</script>',
      '<img src="/missing.png" alt="x" onerror="window.__injected = \'onerror\'">',
      "[Click me](javascript:window.__injected='link')",
      '<a href="/contact" onclick="window.__injected = \'onclick\'">Contact</a>',
    ].join('\n\n'),
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ordinary looking article');
  await expect(page.getByText('Harmless first paragraph.')).toBeVisible();
  await expect(page.locator('article script, article [onclick], article [onerror]')).toHaveCount(0);
  await expect(page.locator('article a[href^="javascript:"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);

  const api = (await (await request.get(`/api/blogposts/${slug}`)).json()) as { content: string };
  expect(api.content).not.toMatch(/<script|onerror|onclick|javascript:/i);
  await post.remove();
});

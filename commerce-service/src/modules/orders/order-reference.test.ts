/**
 * The order reference opens its order only for a while after payment
 * (docs/product.md#order-reference): the clock moves past the window, and whoever holds the
 * reference learns nothing more, while the buyer still gets fresh links by e-mail and on the
 * account page.
 */
import { jest } from '@jest/globals';
import { ORDER_PAGE_OPEN_MINUTES } from '@aba-shop/contract/constants';
import {
  buyLocally,
  createTestApp,
  orderNumberOf,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const EMAIL = 'leaky-buyer@example.com';
const PACK = [{ productId: 'ebook-aba-complete-pack', quantity: 1 }];
const MEMBERSHIP = [{ productId: 'aba-parent-support-monthly', quantity: 1 }];

/** Moves the service's clock this many minutes past now. */
function clockMovesOn(minutes: number) {
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now + minutes * 60_000);
}

const detailOf = (sessionId: string) =>
  t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` });

describe('the order reference', () => {
  it('opens the order right after payment and up to the end of the window', async () => {
    const sessionId = await buyLocally(t.app, PACK, EMAIL);
    const now = await detailOf(sessionId);
    expect(now.statusCode).toBe(200);
    expect(now.json().customerEmail).toBe(EMAIL);
    expect(now.json().products[0].files.length).toBeGreaterThan(0);

    clockMovesOn(ORDER_PAGE_OPEN_MINUTES - 1);
    expect((await detailOf(sessionId)).statusCode).toBe(200);
  });

  it('prints a number that opens nothing, even right after payment', async () => {
    const sessionId = await buyLocally(t.app, PACK, 'numbered@example.com');
    const number = await orderNumberOf(t.app, sessionId);
    expect(number).toMatch(/^ABA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect((await detailOf(sessionId)).statusCode).toBe(200);
    const byNumber = await detailOf(number);
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.body).not.toContain('numbered@example.com');
    expect(byNumber.body).not.toContain('/api/downloads/');
    // Each order draws its own.
    const other = await orderNumberOf(t.app, await buyLocally(t.app, PACK, 'numbered@example.com'));
    expect(other).not.toBe(number);
  });

  it('a day later opens nothing: no address, no links, only where they can be had', async () => {
    const sessionId = await buyLocally(t.app, PACK, EMAIL);
    clockMovesOn(24 * 60);
    const later = await detailOf(sessionId);
    expect(later.statusCode).toBe(410);
    expect(later.json()).toEqual({
      message:
        'This order page has expired: the download links were e-mailed to the address of the purchase, which can also sign in for fresh ones',
    });
    expect(later.body).not.toContain(EMAIL);
    expect(later.body).not.toContain('/api/downloads/');
  });

  it('a day later the buyer still gets fresh links on the account page and by e-mail', async () => {
    const sessionId = await buyLocally(t.app, PACK, 'still-mine@example.com');
    clockMovesOn(24 * 60);
    const cookie = await signInByCode(t, 'still-mine@example.com');
    const purchases = await t.app.inject({ url: '/api/me/purchases', headers: { cookie } });
    expect(purchases.statusCode).toBe(200);
    const number = await orderNumberOf(t.app, sessionId);
    const order = purchases
      .json()
      .orders.find((entry: { orderNumber: string }) => entry.orderNumber === number);
    expect(order.files.length).toBeGreaterThan(0);

    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      payload: { email: 'still-mine@example.com' },
    });
    expect(resent.statusCode).toBe(202);
    await t.app.mailWorker.runOnce();
    expect(
      t.mail.some(
        (mail) => mail.to === 'still-mine@example.com' && mail.text.includes('/api/downloads/'),
      ),
    ).toBe(true);
  });

  it("a day later confirming the membership's record does not name the buyer either", async () => {
    const sessionId = await buyLocally(t.app, MEMBERSHIP, 'member@example.com');
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/subscription-records', payload: { sessionId } });
    expect((await confirm()).json().email).toBe('member@example.com');
    clockMovesOn(24 * 60);
    const later = await confirm();
    expect(later.statusCode).toBe(410);
    expect(later.body).not.toContain('member@example.com');
  });
});

/**
 * What Stripe Checkout is asked to collect and charge (docs/product.md#checkout-consent-and-charges),
 * as the exact form fields the `stripe` SDK sends to a fake Stripe, and what the order keeps of
 * what was charged.
 */
import {
  createStripeTestApp,
  requestCheckout,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from '../../test-support/app.ts';
import {
  deliverStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from '@aba-shop/test-kit/fake-stripe';

// Each test builds a shop of its own settings, migrations included.
const BUILDS_A_SHOP_MS = 60_000;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

async function shopWith(env: Record<string, string>, use: (t: TestApp) => Promise<void>) {
  const t = await createStripeTestApp(env, { stripe: fake });
  try {
    await use(t);
  } finally {
    await t.close();
  }
}

/** The form fields of the session the shop asked Stripe for. */
async function fieldsSent(
  t: TestApp,
  products = [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
) {
  const before = fake.requests.length;
  expect((await requestCheckout(t.app, products)).statusCode).toBe(200);
  const sent = fake.requests
    .slice(before)
    .find((request) => request.path === '/v1/checkout/sessions');
  return sent?.fields ?? {};
}

const OPTION_FIELDS =
  /^(consent_collection|custom_text|automatic_tax|billing_address_collection|allow_promotion_codes|invoice_creation)/;
const optionFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => OPTION_FIELDS.test(key)));

describe('the Checkout Session options', () => {
  it(
    'asks for the terms and immediate delivery, and offers promotion codes, by default',
    async () => {
      await shopWith({}, async (t) => {
        const fields = optionFields(await fieldsSent(t));
        expect(fields).toEqual({
          'consent_collection[terms_of_service]': 'required',
          // Checkout's news box (docs/product.md#keeping-in-touch), unticked, apart from the terms.
          'consent_collection[promotions]': 'auto',
          'custom_text[terms_of_service_acceptance][message]': expect.stringContaining(
            'I thereby lose my right of withdrawal',
          ),
          allow_promotion_codes: 'true',
        });
        const message = fields['custom_text[terms_of_service_acceptance][message]'];
        expect(message).toContain(
          '[Terms and Conditions](http://127.0.0.1:3000/terms-and-conditions)',
        );
        expect(message).toContain('[No Refund Policy](http://127.0.0.1:3000/no-refund-policy)');
      });
    },
    BUILDS_A_SHOP_MS,
  );

  it(
    'adds tax with the address it needs and invoices one-time payments when configured',
    async () => {
      await shopWith({ STRIPE_AUTOMATIC_TAX: 'true', STRIPE_INVOICES: 'true' }, async (t) => {
        expect(optionFields(await fieldsSent(t))).toMatchObject({
          'automatic_tax[enabled]': 'true',
          billing_address_collection: 'auto',
          'invoice_creation[enabled]': 'true',
        });
        // A subscription's payments are invoiced by Stripe anyway, and Stripe refuses the field.
        const membership = await fieldsSent(t, [
          { productId: 'aba-parent-support-monthly', quantity: 1 },
        ]);
        expect(membership.mode).toBe('subscription');
        expect(membership['automatic_tax[enabled]']).toBe('true');
        expect(membership).not.toHaveProperty(['invoice_creation[enabled]']);
      });
    },
    BUILDS_A_SHOP_MS,
  );

  it(
    'sends none of them but the news box when the owner turns them off',
    async () => {
      await shopWith(
        { CHECKOUT_TERMS_CONSENT: 'false', STRIPE_PROMOTION_CODES: 'false' },
        async (t) => {
          expect(optionFields(await fieldsSent(t))).toEqual({
            'consent_collection[promotions]': 'auto',
          });
        },
      );
    },
    BUILDS_A_SHOP_MS,
  );

  it(
    'makes a session left unpaid recoverable only when the shop sends checkout reminders',
    async () => {
      await shopWith({}, async (t) => {
        expect(await fieldsSent(t)).not.toHaveProperty(['after_expiration[recovery][enabled]']);
      });
      await shopWith({ CHECKOUT_RECOVERY_MINUTES: '60' }, async (t) => {
        expect((await fieldsSent(t))['after_expiration[recovery][enabled]']).toBe('true');
      });
    },
    BUILDS_A_SHOP_MS,
  );
});

describe('what the order keeps of a Stripe payment', () => {
  it(
    'stores the subtotal, discount, tax and total Stripe charged, and when the terms were accepted',
    async () => {
      await shopWith({}, async (t) => {
        const created = await requestCheckout(t.app, [
          { productId: 'ebook-aba-for-parents', quantity: 1 },
          { productId: 'ebook-aba-case-studies', quantity: 1 },
        ]);
        const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
          .split('/')
          .pop() as string;
        fake.pay(sessionId, 'taxed@example.com', { discount: 480, tax: 391 });
        const delivered = await deliverStripeEvent(
          t.app,
          { id: `evt_${sessionId}`, type: 'checkout.session.completed', object: { id: sessionId } },
          TEST_WEBHOOK_SECRET,
        );
        expect(delivered.statusCode).toBe(200);

        const detail = await t.app.inject({
          url: `/api/products/purchase-detail?sessionId=${sessionId}`,
        });
        expect(detail.json()).toMatchObject({
          amountSubtotal: 4798,
          amountDiscount: 480,
          amountTax: 391,
          amountTotal: 4709,
          currency: 'usd',
          termsAcceptedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        });

        await t.app.mailWorker.runOnce();
        const receipt = t.mail.find((mail) => mail.to === 'taxed@example.com');
        expect(receipt?.text).toContain(
          'Subtotal: $47.98\nDiscount: −$4.80\nTax: $3.91\nTotal: $47.09',
        );
        expect(receipt?.text).toContain(
          'You accepted the Terms and Conditions and asked for immediate delivery',
        );
      });
    },
    BUILDS_A_SHOP_MS,
  );

  it(
    'keeps no acceptance when the session did not ask for one',
    async () => {
      await shopWith({ CHECKOUT_TERMS_CONSENT: 'false' }, async (t) => {
        const created = await requestCheckout(t.app);
        const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
          .split('/')
          .pop() as string;
        fake.pay(sessionId, 'plain@example.com');
        const detail = await t.app.inject({
          url: `/api/products/purchase-detail?sessionId=${sessionId}`,
        });
        expect(detail.json()).toMatchObject({
          amountSubtotal: 2799,
          amountDiscount: 0,
          amountTax: 0,
          amountTotal: 2799,
          termsAcceptedAt: null,
        });
      });
    },
    BUILDS_A_SHOP_MS,
  );
});

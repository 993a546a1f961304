/**
 * Refunds from the support console (docs/product.md#refunds-from-the-console): a buyer pays
 * two books through the test checkout, an administrator refunds one line in the order's view,
 * the buyer's download link for that book answers the refund's message while the other book
 * still downloads, and the buyer gets the refund e-mail.
 *
 * Disputes (docs/product.md#disputes), on a shop of its own on the fake Stripe: a paid and
 * downloaded order gets `charge.dispute.created`, the console shows it flagged with the
 * evidence, 'Invia le prove' submits it (the fake Stripe receives the consent time and the
 * download log), and `charge.dispute.closed` (won) shows the outcome.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  signedStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from '@aba-shop/test-kit/fake-stripe';
import { ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { decodedText, readMailbox } from '../support/mailbox.js';
import { payCheckout, startCheckout } from '../support/shop.js';
import { signInByCode } from '../support/sign-in.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';

const REFUNDED = 'This purchase has been refunded, so its downloads are no longer available.';

test('an administrator refunds one line of an order: that book’s link answers the refund, the other still downloads, the buyer is told', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const email = `refund.one.line.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ]);
  await payCheckout(request, sessionId, email);
  const purchase = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as {
    orderId: string;
    orderNumber: string;
    products: { productId: string; files: { kind: string; url: string }[] }[];
  };
  const pdfOf = (productId: string) =>
    new URL(
      purchase.products
        .find((product) => product.productId === productId)
        ?.files.find((file) => file.kind === 'pdf')?.url as string,
    ).pathname;
  const caseStudiesPdf = pdfOf('ebook-aba-case-studies');
  const parentsPdf = pdfOf('ebook-aba-for-parents');
  expect((await request.get(caseStudiesPdf)).status()).toBe(200);

  await signInOnce(page, context, ADMIN_EMAIL);
  await page.goto(`/admin/orders/${purchase.orderId}`);
  await expect(page.getByRole('heading', { name: `Ordine ${purchase.orderId}` })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Azioni' });
  await actions.getByRole('button', { name: 'Rimborsa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rimborsa' });
  await expect(dialog.getByRole('radio', { name: 'Tutto l’ordine' })).toBeFocused();
  await expect(dialog).toContainText('Importo del rimborso: $47.98');
  await dialog.getByRole('radio', { name: 'Solo le righe scelte' }).check();
  await dialog
    .getByRole('checkbox', { name: /eBook ABA Case Studies — addebitato \$19\.99/ })
    .check();
  await expect(dialog).toContainText('Importo del rimborso: $19.99');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Conferma il rimborso' }).click();

  await expect(
    page.getByText(
      `Rimborso eseguito: $19.99 restituiti a ${email}, che riceve un'e-mail di conferma.`,
    ),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Dettagli' });
  await expect(details).toContainText('Rimborso parziale');
  await expect(details).toContainText('eBook ABA Case Studies (rimborsata)');
  await expect(details).toContainText('$19.99 · eseguito');
  await expect(
    page
      .getByRole('list', { name: "Azioni sull'ordine, dalla più recente" })
      .getByRole('listitem')
      .first(),
  ).toContainText('Rimborso eseguito');
  await expectNoSeriousAxeViolations(page);

  // The buyer's links: the refunded book answers the refund, the other one still downloads.
  const refused = await request.get(caseStudiesPdf);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(REFUNDED);
  expect((await request.get(parentsPdf)).status()).toBe(200);

  // The refund e-mail, in English.
  await expect
    .poll(() => readMailbox().filter((mail) => mail.to === email && /^Refund/.test(mail.subject)))
    .toHaveLength(1);
  const mail = readMailbox().find((one) => one.to === email && /^Refund/.test(one.subject));
  // It names the order by its number, which opens nothing (docs/product.md#order-reference).
  expect(mail?.subject).toBe(`Refund of your order ${purchase.orderNumber}`);
  const text = decodedText(mail?.raw ?? '');
  expect(text).toContain(
    `We have refunded eBook ABA Case Studies of your order ${purchase.orderNumber}.`,
  );
  expect(text).toContain('We have refunded $19.99 to your original means of payment');
});

test.describe('a dispute from Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_e2e_disputes';
  let stripe: FakeStripe;
  let shop: RunningStack;
  let events = 0;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    testInfo.setTimeout(240_000);
    stripe = await startFakeStripe();
    shop = await startShopOnCms({
      cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2e_disputes',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
  });

  test.afterAll(async () => {
    await shop?.stop();
    await stripe?.close();
  });

  /** Stripe's webhook call, signed, straight to this shop's commerce service. */
  async function deliver(request: APIRequestContext, type: string, object: object) {
    const { payload, signature } = signedStripeEvent(
      { id: `evt_e2e_dispute_${++events}`, type, object: object as Record<string, unknown> },
      WEBHOOK_SECRET,
    );
    const answer = await request.post(`${shop.urls.commerce}/api/webhooks/stripe`, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      data: payload,
    });
    expect(answer.status(), type).toBe(200);
  }

  test('is flagged in the console, its evidence sent with the consent time and the download log, and the outcome shown', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = 'disputed.parent@example.com';
    const created = await request.post(`${shop.urls.storefront}/api/create-checkout-session`, {
      data: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    });
    const sessionId = ((await created.json()) as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    stripe.pay(sessionId, email);
    await deliver(request, 'checkout.session.completed', { id: sessionId });
    const purchase = (await (
      await request.get(
        `${shop.urls.storefront}/api/products/purchase-detail?sessionId=${sessionId}`,
      )
    ).json()) as {
      orderId: string;
      orderNumber: string;
      products: { files: { kind: string; url: string }[] }[];
    };
    const pdf = purchase.products[0]?.files.find((file) => file.kind === 'pdf')?.url as string;
    expect((await request.get(pdf)).status()).toBe(200);

    const dispute = stripe.openDispute(`pi_${sessionId}`);
    await deliver(request, 'charge.dispute.created', dispute);

    const context = await browser.newContext({ baseURL: shop.urls.storefront });
    const page = await context.newPage();
    await signInByCode(page, ADMIN_EMAIL, shop.dataDir);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/orders');
    // The list is a table on a wide screen and cards on a phone: whichever this one shows.
    await expect(
      page.getByText('Contestato: da rispondere').filter({ visible: true }).first(),
    ).toBeVisible();

    await page.goto(`/admin/orders/${purchase.orderId}`);
    const panel = page.getByRole('region', { name: 'Contestazione' });
    await expect(panel).toContainText('Statoda rispondere');
    await expect(panel).toContainText('Motivofrode');
    await expect(panel).toContainText('Consensoaccettato il');
    await expect(panel).toContainText(`Licensed to ${email} · Order ${purchase.orderNumber}`);
    await expect(panel.getByRole('list', { name: 'Registro dei download' })).toContainText(
      'aba-for-parents.pdf',
    );
    await expectNoSeriousAxeViolations(page);

    await panel.getByRole('button', { name: 'Invia le prove' }).click();
    await expect(
      page.getByText(
        'Prove inviate a Stripe: la banca del cliente le esamina, e l’esito arriverà qui.',
      ),
    ).toBeVisible();
    await expect(panel).toContainText('Statoin esame');
    await expect(panel).toContainText(`da ${ADMIN_EMAIL}`);

    // What the fake Stripe received: the consent with its time, and the download log.
    const order = (await (
      await page.request.get(`/api/admin/orders/${purchase.orderId}`)
    ).json()) as { termsAcceptedAt: string };
    const sent = stripe.disputes.get(dispute.id);
    expect(sent?.status).toBe('under_review');
    expect(sent?.evidence.refund_policy_disclosure).toContain(
      `recorded on ${order.termsAcceptedAt.slice(0, 10)} ${order.termsAcceptedAt.slice(11, 19)} UTC`,
    );
    expect(sent?.evidence.access_activity_log).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC download of aba-for-parents\.pdf from \S+ \(/,
    );

    await deliver(request, 'charge.dispute.closed', stripe.closeDispute(dispute.id, 'won'));
    await page.reload();
    await expect(page.getByRole('region', { name: 'Contestazione' })).toContainText(
      'Statovinta · esito: vinta',
    );
    await context.close();
  });
});

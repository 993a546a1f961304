/**
 * Telemetry (docs/reliability.md#telemetry-and-health): one checkout, bought through a
 * storefront and a commerce service that export traces to a stand-in OTLP receiver, is one
 * trace: the storefront's spans, the commerce service's and its database queries' share its id.
 */
import { expect, test } from '@playwright/test';
import { startOtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';
import { checkoutTrace, isCheckoutSpan } from '../support/checkout-trace.js';
import { payCheckout, startCheckout } from '../support/shop.js';
import { freePort, startCommerceService, startStorefront } from '../support/stack.js';

test.skip(({ isMobile }) => !isMobile, 'Server behaviour: checked once, on a phone.');

test('a checkout is one trace across the storefront, the commerce service and its database', async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const receiver = await startOtlpReceiver();
  const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
  const storefrontPort = await freePort();
  const commerce = await startCommerceService({ storefrontPort, env });
  const storefront = await startStorefront({
    dataDir: process.env.E2E_DATA_DIR ?? '',
    port: storefrontPort,
    cmsPort: Number(new URL(process.env.E2E_CMS_URL ?? '').port),
    commercePort: commerce.port,
    env,
  });
  const shop = await playwright.request.newContext({ baseURL: storefront.url });
  try {
    const { sessionId } = await startCheckout(shop, [
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    await payCheckout(shop, sessionId, 'traced.buyer@example.com');
    // Stopped cleanly, each sends the spans it still holds.
    await storefront.stop();
    await commerce.stop();

    await receiver.waitForSpan(isCheckoutSpan);
    // The storefront answered the buyer and asked the commerce service, in the same trace, and
    // the commerce service wrote the checkout session to its database in it too.
    expect(checkoutTrace(receiver.spans)).toEqual({
      storefrontParent: true,
      queries: expect.arrayContaining([expect.stringMatching(/^insert into "checkout_sessions"/)]),
    });
    // Each service's span of the request it answered is named after its route: the storefront's
    // after what it forwards, the commerce service's after its route template.
    const created = receiver.spans.find(isCheckoutSpan);
    expect(
      receiver.spans
        .filter((span) => span.traceId === created?.traceId && span.attributes['http.route'])
        .map((span) => `${span.service} ${span.name}`),
    ).toEqual(
      expect.arrayContaining([
        'storefront POST /api/…',
        'commerce-service POST /api/create-checkout-session',
      ]),
    );
  } finally {
    await shop.dispose();
    await storefront.stop();
    await commerce.close();
    await receiver.close();
  }
});

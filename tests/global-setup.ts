import { OAuth2Server } from 'oauth2-mock-server';
import { PIXEL_SHOP_ENV, TEST_PIXEL_ID } from './support/pixel-shop.js';
import { startShopOnCms, startStack } from './support/stack.js';

/** E-mail the local OpenID Connect provider puts in its ID tokens ("the Google account"). */
export const GOOGLE_TEST_EMAIL = 'google.parent@example.com';

/**
 * Starts a local OpenID Connect provider standing in for Google, then the whole shop once for
 * every journey, and beside it on the same CMS the shop with an ad pixel that the consent and
 * pixel journeys share (support/pixel-shop.ts); the returned function stops them all.
 */
export default async function globalSetup() {
  const started = Date.now();
  const google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  google.service.on('beforeTokenSigning', (token) => {
    token.payload.email = GOOGLE_TEST_EMAIL;
    token.payload.email_verified = true;
    token.payload.name = 'Google Parent';
  });
  process.env.GOOGLE_CLIENT_ID = 'e2e-shop-client';
  process.env.GOOGLE_CLIENT_SECRET = 'e2e-shop-secret';
  process.env.GOOGLE_DISCOVERY_URL = `${google.issuer.url}/.well-known/openid-configuration`;

  // The journeys reach the shop as the TLS proxy in front of it would: what they say in
  // X-Forwarded-Proto (the HSTS check) is believed. A storefront that trusts no one, as
  // `npm start` runs it, meets forged addresses in client-address.spec.ts.
  // ACC10 is the test checkout's promotion code the consent-and-charges journey uses. The
  // schedule's pass runs twice a second and a checkout left unpaid is reminded of after a
  // minute, so the keeping-in-touch journey moves its clock and waits no longer.
  const stack = await startStack({
    env: {
      TRUSTED_PROXIES: 'loopback',
      TEST_PROMOTION_CODES: 'ACC10=10',
      SCHEDULED_MESSAGES_INTERVAL_MS: '500',
      CHECKOUT_RECOVERY_MINUTES: '1',
    },
  });
  const pixelShop = await startShopOnCms({
    cmsPort: Number(new URL(stack.urls.cms).port),
    env: { META_PIXEL_ID: TEST_PIXEL_ID },
  }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  console.log(`Shop started for the journeys in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env[PIXEL_SHOP_ENV.storefront] = pixelShop.urls.storefront;
  process.env[PIXEL_SHOP_ENV.dataDir] = pixelShop.dataDir;
  process.env.E2E_STOREFRONT_URL = stack.urls.storefront;
  process.env.E2E_COMMERCE_URL = stack.urls.commerce;
  process.env.E2E_CMS_URL = stack.urls.cms;
  process.env.E2E_DATA_DIR = stack.dataDir;
  process.env.E2E_GOOGLE_ISSUER = google.issuer.url;
  return async () => {
    await pixelShop.stop();
    await stack.stop();
    await google.stop();
  };
}

/** The account page's calls (docs/product.md#api GET /api/me/purchases, POST /api/me/membership/portal). */
import type { PortalSession, Purchases } from '@aba-shop/contract';
import { callCommerce, CommerceError } from '../client';
import membershipPortal from '../contract-schemas/membership-portal.json';
import purchases from '../contract-schemas/purchases.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

/** The signed-in buyer's orders and subscriptions; null when nobody is signed in. */
export async function fetchMyPurchases(): Promise<Purchases | null> {
  try {
    return await callCommerce(
      {
        path: '/api/me/purchases',
        answer: jsonSchemaAnswer<Purchases>(purchases),
        failureField: 'error',
      },
      { init: { cache: 'no-store' } },
    );
  } catch (error) {
    if (error instanceof CommerceError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Where the member manages their membership (docs/product.md#the-membership): Stripe's customer
 * portal, or the test checkout's own page.
 */
export const openMembershipPortal = async () =>
  (
    await callCommerce({
      path: '/api/me/membership/portal',
      method: 'POST',
      answer: jsonSchemaAnswer<PortalSession>(membershipPortal),
      failureField: 'error',
    })
  ).url;

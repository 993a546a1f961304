/** The account page's call (docs/product.md#api GET /api/me/purchases). */
import type { Purchases } from 'commerce-service/contract';
import { callCommerce, CommerceError } from '../client';
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

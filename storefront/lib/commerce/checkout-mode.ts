import 'server-only';
import { checkoutModeSchema, type CheckoutMode } from '@aba-shop/contract';
import { storefrontConfig } from '../config';
import { callCommerce } from './client';

/** Asked by every page's layout, so a commerce service that hangs may hold a page only briefly. */
const MODE_TIMEOUT_MS = 2_000;

/**
 * Whether the shop charges its buyers (GET /api/checkout/mode), or null when the commerce
 * service does not say: then nothing can be bought anyway, and no page waits for it.
 */
export async function getCheckoutMode(): Promise<CheckoutMode | null> {
  try {
    const { mode } = await callCommerce(
      { path: '/api/checkout/mode', answer: checkoutModeSchema },
      {
        origin: storefrontConfig().COMMERCE_URL,
        timeoutMs: MODE_TIMEOUT_MS,
        init: { next: { tags: ['commerce:checkout-mode'], revalidate: 60 } },
      },
    );
    return mode;
  } catch {
    return null;
  }
}

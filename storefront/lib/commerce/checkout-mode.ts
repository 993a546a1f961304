import 'server-only';
import { checkoutModeSchema, type CheckoutMode } from 'commerce-service/contract';
import { storefrontConfig } from '../config';

/** Asked by every page's layout, so a commerce service that hangs may hold a page only briefly. */
const MODE_TIMEOUT_MS = 2_000;

/**
 * Whether the shop charges its buyers (GET /api/checkout/mode), or null when the commerce
 * service does not say: then nothing can be bought anyway, and no page waits for it.
 */
export async function getCheckoutMode(): Promise<CheckoutMode | null> {
  try {
    const response = await fetch(new URL('/api/checkout/mode', storefrontConfig().COMMERCE_URL), {
      next: { tags: ['commerce:checkout-mode'], revalidate: 60 },
      signal: AbortSignal.timeout(MODE_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    return checkoutModeSchema.parse(await response.json()).mode;
  } catch {
    return null;
  }
}

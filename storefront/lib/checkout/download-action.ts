/**
 * What the success page's 'Download eBook' does for one product (docs/product.md#states,
 * #validation): open its PDF link, or send the buyer to the product's own thank-you page (which
 * lists every file and can e-mail fresh links), or, when neither exists, say the link is
 * unavailable.
 */
import { thankYouRoute, type ThankYouPages } from '@/lib/catalogue/catalogue';

export const DOWNLOAD_UNAVAILABLE_MESSAGE =
  'Download link is currently unavailable. Please contact support.';

export type DownloadAction =
  { kind: 'open'; url: string } | { kind: 'navigate'; path: string } | { kind: 'unavailable' };

export function downloadAction(
  product: { productId: string; downloadUrl: string | null },
  sessionId: string,
  pages: ThankYouPages,
): DownloadAction {
  if (product.downloadUrl) return { kind: 'open', url: product.downloadUrl };
  // The generic page has no files of its own for an unknown product, so it would not help.
  if (!Object.hasOwn(pages, product.productId)) return { kind: 'unavailable' };
  return { kind: 'navigate', path: thankYouRoute(pages, product.productId, sessionId) };
}

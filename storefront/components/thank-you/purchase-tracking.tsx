'use client';
/**
 * Sends the page's Purchase event once per resolved product (docs/product.md#states,
 * #constants-and-limits; English pages only), at the product's catalogue price; none when the
 * catalogue could not be read.
 */
import { useEffect, useRef } from 'react';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import { purchaseEventForThankYouPage } from '@/lib/tracking/purchase-events';

export function PurchaseTracking({
  product,
}: {
  product: { id: string; name: string; price: number } | null;
}) {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (!product || tracked.current === product.id) return;
    tracked.current = product.id;
    trackEvent('Purchase', purchaseEventForThankYouPage(product));
  }, [product]);
  return null;
}

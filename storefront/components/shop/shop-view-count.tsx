'use client';
/**
 * Counts one view of the shop page once it is shown (docs/product.md#sales-figures): nothing
 * about the visitor is sent or kept, so it is counted whatever they chose about the ad pixel.
 */
import { useEffect, useRef } from 'react';
import { countShopView } from '@/lib/commerce/api/funnel';

export function ShopViewCount() {
  // Once per page shown, even when development's strict mode runs the effect twice.
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    void countShopView();
  }, []);
  return null;
}

'use client';
/** Sends the page's Purchase event once per resolved product (spec §4, §9; English pages only). */
import { useEffect, useRef } from 'react';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import { purchaseEventForThankYouPage } from '@/lib/tracking/purchase-events';

export function PurchaseTracking({ slug }: { slug: string }) {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === slug) return;
    tracked.current = slug;
    trackEvent('Purchase', purchaseEventForThankYouPage(slug));
  }, [slug]);
  return null;
}

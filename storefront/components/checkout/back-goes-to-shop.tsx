'use client';
/**
 * On the checkout result pages the browser's Back goes to /shop (docs/product.md#pages-and-routes):
 * going back would otherwise return to the payment page of a finished (or cancelled) checkout. A
 * second history entry for this same page is pushed, so Back stays on this page and is caught here.
 */
import { useEffect } from 'react';

/** Marks the pushed entry, so a remount (or a return through history) does not push again. */
export const BACK_TO_SHOP_MARK = 'backGoesToShop';

export function BackGoesToShop() {
  useEffect(() => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    if (!state[BACK_TO_SHOP_MARK]) {
      // The router's own state is kept, so Next.js treats the entry as this page.
      window.history.pushState({ ...state, [BACK_TO_SHOP_MARK]: true }, '', window.location.href);
    }
    const toShop = () => window.location.replace('/shop');
    window.addEventListener('popstate', toShop);
    return () => window.removeEventListener('popstate', toShop);
  }, []);
  return null;
}

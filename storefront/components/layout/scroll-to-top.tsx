'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

/** Every route change starts at the top of the page (docs/product.md#pages-and-routes). */
export function ScrollToTop() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}

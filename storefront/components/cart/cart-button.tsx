'use client';
/**
 * The bag in the navbar (docs/product.md#navbar-cart-and-footer): its badge counts the cart's
 * distinct lines and it opens the cart drawer. The drawer's code loads on first use (or when the
 * bag is pointed at).
 */
import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import { cartBadgeText, cartButtonLabel } from '@/lib/cart/cart-badge';
import { useCart } from './cart-provider';

const loadDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.CartDrawer })));

export function CartButton({ onOpen }: { onOpen?: () => void }) {
  const { lines } = useCart();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const badge = cartBadgeText(lines.length);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  const preload = () => void loadDrawer();

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={cartButtonLabel(lines.length)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className="relative rounded-full p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <StrokeIcon className="h-6 w-6" strokeLinejoin="round">
          <path d="M6 7h12l-1 13H7L6 7z" />
          <path d="M9 7a3 3 0 0 1 6 0" />
        </StrokeIcon>
        {badge ? (
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold leading-none text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CartDrawer onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

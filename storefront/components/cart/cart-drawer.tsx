'use client';
/**
 * The cart drawer (docs/product.md#navbar-cart-and-footer, #states, #validation, #error-catalogue):
 * a modal dialog at the right edge, 24rem wide and the full width of small phones. It lists the
 * lines with quantity controls, clears the cart, shows the total and starts the checkout. Built on
 * <dialog>.showModal(), so the rest of the page is inert while it is open; Tab also wraps inside
 * it, and Esc, the close button and a click on the backdrop close it.
 */
import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cartTotalCents, MAX_LINE_QUANTITY, type CartItem } from '@/lib/cart/cart-item';
import {
  CART_EMPTY_MESSAGE,
  cartCheckoutOutcome,
  openCheckoutInNewTab,
} from '@/lib/checkout/start-checkout';
import { formatPrice } from '@aba-shop/service-kit/money';
import { initiateCheckoutData } from '@/lib/tracking/cart-events';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import { useCart } from './cart-provider';
import { CloseIcon } from '@/components/layout/close-icon';
import { wrapTabFocus } from '@/lib/a11y/wrap-tab-focus';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex="0"]';

const lineCents = (line: CartItem) => Math.round(line.price * 100);

export function CartDrawer({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { lines, setQuantity, remove, clear } = useCart();
  const [processing, setProcessing] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The page behind a modal drawer should not scroll under the visitor's finger.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog?.open) dialog.close();
    };
  }, []);

  const close = () => dialogRef.current?.close();

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (dialogRef.current) wrapTabFocus(event, dialogRef.current, FOCUSABLE);
  }

  function changeQuantity(line: CartItem, quantity: number) {
    setQuantity(line.id, quantity);
    if (quantity <= 0) {
      setAnnouncement(`${line.name} removed from your cart`);
      // Its buttons are gone; keep the focus inside the drawer.
      titleRef.current?.focus();
    } else {
      setAnnouncement(`${line.name}: quantity ${Math.min(quantity, MAX_LINE_QUANTITY)}`);
    }
  }

  function removeLine(line: CartItem) {
    remove(line.id);
    setAnnouncement(`${line.name} removed from your cart`);
    titleRef.current?.focus();
  }

  function clearCart() {
    clear();
    setAnnouncement('Your cart is now empty');
    titleRef.current?.focus();
  }

  async function checkout() {
    if (processing) return;
    if (lines.length === 0) {
      window.alert(CART_EMPTY_MESSAGE);
      return;
    }
    setProcessing(true);
    trackEvent('InitiateCheckout', initiateCheckoutData(lines));
    const outcome = await cartCheckoutOutcome(lines);
    if (outcome.kind === 'open') openCheckoutInNewTab(outcome.url);
    else window.alert(outcome.message);
    setProcessing(false);
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its panel.
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-y-0 left-auto right-0 m-0 h-full max-h-none w-full max-w-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 sm:w-96"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <h2
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            className="text-lg font-bold focus:outline-none"
          >
            Your Cart
          </h2>
          <button
            type="button"
            aria-label="Close cart"
            onClick={close}
            className="rounded-full p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <CloseIcon />
          </button>
        </div>

        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-5 text-center">
            <p className="font-semibold">Your cart is empty.</p>
            <p className="text-sm text-slate-600">Add an eBook from the shop to get started.</p>
            <Link
              href="/shop"
              onClick={close}
              className="font-semibold text-emerald-800 underline underline-offset-2"
            >
              Browse the eBooks
            </Link>
          </div>
        ) : (
          <ul
            aria-label="Cart items"
            className="flex-1 divide-y divide-slate-200 overflow-y-auto px-5"
          >
            {lines.map((line) => (
              <li key={line.id} className="flex gap-3 py-4">
                <Image
                  src={line.image}
                  alt=""
                  width={64}
                  height={80}
                  unoptimized
                  className="h-20 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <h3 className="text-sm font-semibold leading-snug">{line.name}</h3>
                  <p className="mt-0.5 text-sm text-slate-700">{formatPrice(lineCents(line))}</p>
                  <div className="mt-2 flex items-center gap-1">
                    <button
                      type="button"
                      aria-label={`Decrease quantity of ${line.name}`}
                      onClick={() => changeQuantity(line, line.quantity - 1)}
                      className="flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-lg hover:bg-slate-50"
                    >
                      <span aria-hidden="true">−</span>
                    </button>
                    <span className="w-8 text-center font-semibold tabular-nums">
                      <span className="sr-only">Quantity </span>
                      {line.quantity}
                    </span>
                    <button
                      type="button"
                      aria-label={`Increase quantity of ${line.name}`}
                      disabled={line.quantity >= MAX_LINE_QUANTITY}
                      onClick={() => changeQuantity(line, line.quantity + 1)}
                      className="flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-lg hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      <span aria-hidden="true">+</span>
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => removeLine(line)}
                      className="ml-auto rounded-md px-2 py-1 text-sm text-slate-700 underline underline-offset-2 hover:text-red-700"
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}

        <div className="space-y-3 border-t border-slate-200 px-5 py-4">
          <p className="flex items-center justify-between text-lg font-bold">
            <span>Total</span>
            <span>{formatPrice(cartTotalCents(lines))}</span>
          </p>
          <button
            type="button"
            onClick={() => void checkout()}
            aria-disabled={processing || undefined}
            className="w-full rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {processing ? 'Processing...' : 'Checkout'}
          </button>
          {lines.length > 0 ? (
            <button
              type="button"
              onClick={clearCart}
              className="w-full rounded-lg border border-slate-300 px-6 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              Clear cart
            </button>
          ) : null}
          <p className="text-center text-xs text-slate-600">
            Secure payment. Instant download, lifetime access, no login needed.
          </p>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
    </dialog>
  );
}

'use client';
/**
 * The success page (docs/product.md#checkout-success, #states): verifies the paid checkout, shows
 * the order, tracks the purchase once, confirms a subscription, and after 3 seconds replaces itself
 * with the first product's thank-you page.
 */
import { useCart } from '@/components/cart/cart-provider';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { PurchaseDetail } from '@aba-shop/contract';
import { ButtonLink } from '@/components/layout/button-link';
import { confirmSubscription } from '@/lib/commerce/api/purchase';
import {
  isExpiredPurchase,
  isUnknownPurchase,
  purchaseFailureMessage,
} from '@/lib/checkout/purchase-failure';
import { DOWNLOAD_UNAVAILABLE_MESSAGE, downloadAction } from '@/lib/checkout/download-action';
import { orderItemCountText, productDisplayName } from '@/lib/checkout/order-summary';
import {
  GENERIC_THANK_YOU_PATH,
  thankYouRouteAfterPurchase,
  type ThankYouPages,
} from '@/lib/catalogue/catalogue';
import { formatPrice } from '@aba-shop/service-kit/money';
import { chargedAmountLines } from '@aba-shop/contract/charged-amounts';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import { purchaseEventFromOrder } from '@/lib/tracking/purchase-events';
import { CheckoutActions, CheckoutCard } from './checkout-card';
import { OrderPageExpired } from './order-page-expired';
import { usePurchaseDetail } from './use-purchase-detail';

export const REDIRECT_AFTER_PURCHASE_MS = 3000;

const buttonClass =
  'inline-block rounded-lg px-6 py-3 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2';

/** The heading takes focus when the view changes, so a screen reader hears the result. */
function ResultHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
    >
      {children}
    </h1>
  );
}

export function CheckoutVerifying() {
  return (
    <CheckoutCard tone="neutral" icon="…">
      <div role="status" className="flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-700"
        />
        <p className="text-lg font-semibold">Verifying purchase information...</p>
      </div>
    </CheckoutCard>
  );
}

/** `thankYouPages`: each eBook's own thank-you page, from the catalogue (by product id). */
export function CheckoutSuccess({ thankYouPages }: { thankYouPages: ThankYouPages }) {
  const sessionId = useSearchParams().get('sessionId')?.trim() || null;
  const { data, error, isLoading } = usePurchaseDetail(sessionId);

  if (!sessionId) {
    return (
      <CheckoutCard tone="error" icon="!">
        <ResultHeading>Purchase Failed</ResultHeading>
        <p role="alert" className="mt-3 text-slate-700">
          Missing sessionId parameter
        </p>
        <CheckoutActions>
          <ButtonLink href="/shop">Back to Shop</ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    );
  }
  if (isLoading || (!data && !error)) return <CheckoutVerifying />;
  if (error && isUnknownPurchase(error)) {
    return (
      <CheckoutCard tone="neutral" icon="?">
        <ResultHeading>Purchase Information Not Found</ResultHeading>
        <p className="mt-3 text-slate-700">Please check if the sessionId is correct</p>
        <CheckoutActions>
          <ButtonLink href="/shop">Back to Shop</ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    );
  }
  if (error && isExpiredPurchase(error)) {
    return (
      <CheckoutCard tone="neutral" icon="i">
        <ResultHeading>Order Page Expired</ResultHeading>
        <p className="mt-3 break-all text-slate-700">Order ID: {sessionId}</p>
        <div className="mt-6">
          <OrderPageExpired buttonClass="bg-emerald-700 text-white hover:bg-emerald-800" />
        </div>
        <CheckoutActions>
          <ButtonLink href="/account">Go to My Account</ButtonLink>
          <ButtonLink href="/shop" variant="secondary">
            Back to Shop
          </ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    );
  }
  if (error || !data) {
    return (
      <CheckoutCard tone="error" icon="!">
        <ResultHeading>Purchase Failed</ResultHeading>
        <p role="alert" className="mt-3 break-words text-slate-700">
          {error
            ? purchaseFailureMessage(error)
            : 'Failed to get purchase information: unknown error'}
        </p>
        <CheckoutActions>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={`${buttonClass} bg-emerald-700 text-white hover:bg-emerald-800`}
          >
            Retry Verification
          </button>
          <ButtonLink href="/shop" variant="secondary">
            Back to Shop
          </ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    );
  }
  if (data.products.length === 0) return <NothingToShow />;
  return <PurchaseSuccessful purchase={data} sessionId={sessionId} pages={thankYouPages} />;
}

/** A paid order without products has nothing to list: the generic thank-you page says thanks. */
function NothingToShow() {
  const router = useRouter();
  useEffect(() => router.replace(GENERIC_THANK_YOU_PATH), [router]);
  return <CheckoutVerifying />;
}

function PurchaseSuccessful({
  purchase,
  sessionId,
  pages,
}: {
  purchase: PurchaseDetail;
  sessionId: string;
  pages: ThankYouPages;
}) {
  const router = useRouter();
  const { products } = purchase;
  const nextPath = thankYouRouteAfterPurchase(pages, products, sessionId);
  const hasSubscription = products.some((product) => product.type === 'subscription');
  const orderHasAudio = products.some((product) =>
    product.files.some((file) => file.kind === 'mp3'),
  );
  const handled = useRef<string | null>(null);
  const { clear: clearCart } = useCart();

  useEffect(() => {
    // Once per session, even when SWR hands over a fresh copy of the same purchase.
    if (handled.current === sessionId) return;
    handled.current = sessionId;
    trackEvent('Purchase', purchaseEventFromOrder(products));
    // What was in the cart has been bought; a later visit should not offer it again.
    clearCart();
    // Failing here is only logged (docs/product.md#api): fulfilment has made the record already.
    if (hasSubscription)
      confirmSubscription(sessionId).catch((error: unknown) =>
        console.error('Saving the subscription record failed', error),
      );
  }, [sessionId, products, hasSubscription, clearCart]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      try {
        router.replace(nextPath);
      } catch {
        router.replace(GENERIC_THANK_YOU_PATH);
      }
    }, REDIRECT_AFTER_PURCHASE_MS);
    return () => window.clearTimeout(timer);
  }, [router, nextPath]);

  function download(product: PurchaseDetail['products'][number]) {
    const action = downloadAction(product, sessionId, pages);
    if (action.kind === 'navigate') router.push(action.path);
    else if (action.kind === 'unavailable') window.alert(DOWNLOAD_UNAVAILABLE_MESSAGE);
  }

  return (
    <CheckoutCard tone="success" icon="✓">
      <ResultHeading>Purchase Successful!</ResultHeading>
      <p className="mt-3 text-slate-700">
        Thank you! Your downloads are ready, and we have e-mailed your links too.
      </p>
      <section aria-labelledby="order-heading" className="mt-8 text-left">
        <h2 id="order-heading" className="text-lg font-semibold">
          {orderItemCountText(products.length)}
        </h2>
        <ul className="mt-3 space-y-3">
          {products.map((product, index) => {
            const name = productDisplayName(product.productName, index);
            const action = downloadAction(product, sessionId, pages);
            // The service grants each file once per order, so an eBook bought with the pack
            // has its audiobook under the pack's line.
            const hasAudio =
              product.files.some((file) => file.kind === 'mp3') ||
              (product.type === 'digital' && orderHasAudio);
            return (
              <li
                key={`${product.productId}-${index}`}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm text-slate-700">
                    {formatPrice(product.price)}
                    {product.quantity > 1 ? ` × ${product.quantity}` : ''}
                    {hasAudio ? ' · Audiobook included' : ''}
                  </p>
                </div>
                {action.kind === 'open' ? (
                  // Same-origin signed link: `download` saves the file without leaving the page;
                  // where a browser ignores it, the new tab of the spec opens instead.
                  <a
                    href={action.url}
                    download
                    target="_blank"
                    rel="noopener"
                    aria-label={`Download eBook: ${name}`}
                    className={`${buttonClass} bg-emerald-700 text-center text-sm text-white hover:bg-emerald-800`}
                  >
                    Download eBook
                  </a>
                ) : (
                  <button
                    type="button"
                    onClick={() => download(product)}
                    aria-label={`Download eBook: ${name}`}
                    className={`${buttonClass} bg-emerald-700 text-sm text-white hover:bg-emerald-800`}
                  >
                    Download eBook
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <dl className="mt-6 space-y-1 text-left text-sm text-slate-700">
        <div>
          <dt className="inline font-semibold">Order ID: </dt>
          <dd className="inline break-all">{sessionId}</dd>
        </div>
        {purchase.orderNumber ? (
          <div>
            <dt className="inline font-semibold">Order number: </dt>
            <dd className="inline">{purchase.orderNumber}</dd>
          </div>
        ) : null}
        {chargedAmountLines(purchase, (cents) => formatPrice(cents, purchase.currency)).map(
          ({ label, amount }) => (
            <div key={label}>
              <dt className="inline font-semibold">{label}: </dt>
              <dd className="inline">{amount}</dd>
            </div>
          ),
        )}
        {purchase.customerEmail ? (
          <div>
            <dt className="inline font-semibold">E-mail: </dt>
            <dd className="inline break-all">{purchase.customerEmail}</dd>
          </div>
        ) : null}
      </dl>
      {hasSubscription && purchase.customerEmail ? (
        <p className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-left text-sm text-amber-950">
          Your membership is active. To use it,{' '}
          <Link href="/login" className="font-semibold underline">
            log in
          </Link>{' '}
          with <strong className="break-all">{purchase.customerEmail}</strong>, the e-mail address
          of this purchase.
        </p>
      ) : null}
      <p role="status" className="mt-6 text-sm text-slate-700">
        Taking you to your download page in a moment...
      </p>
      <CheckoutActions>
        <ButtonLink href={nextPath}>Go to Download Page Now</ButtonLink>
        <ButtonLink href="/shop" variant="secondary">
          Back to Shop
        </ButtonLink>
      </CheckoutActions>
    </CheckoutCard>
  );
}

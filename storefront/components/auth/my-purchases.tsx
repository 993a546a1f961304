'use client';
/** The account page: everything the signed-in buyer bought with their e-mail, with downloads. */
import { chargedAmountLines } from '@aba-shop/contract/charged-amounts';
import Link from 'next/link';
import useSWR from 'swr';
import { canManageMembership, membershipStatusText } from '@/lib/account/membership-status';
import { fetchMyPurchases } from '@/lib/commerce/api/account';
import { formatPrice } from '@aba-shop/service-kit/money';
import { formatLongDate } from '@/lib/format/long-date';
import { ManageMembership } from './manage-membership';
import { WithdrawAccountLink } from '@/components/withdraw/withdraw-account-link';

export function MyPurchases() {
  const { data, error, isLoading } = useSWR('/api/me/purchases', fetchMyPurchases);

  if (isLoading) return <p role="status">Loading your purchases...</p>;
  if (error)
    return (
      <p role="alert" className="text-red-800">
        Unable to load your purchases. Please try again.
      </p>
    );
  if (data === null || data === undefined) {
    return (
      <p>
        Please{' '}
        <Link href="/login?redirect=/account" className="font-semibold text-emerald-800 underline">
          sign in
        </Link>{' '}
        with the e-mail you used at checkout to see your purchases.
      </p>
    );
  }
  if (data.orders.length === 0 && data.subscriptions.length === 0) {
    return (
      <p>
        No purchases yet for this e-mail address.{' '}
        <Link href="/shop" className="font-semibold text-emerald-800 underline">
          Visit the shop
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="library-heading"
        className="rounded-xl border border-emerald-200 bg-emerald-50 p-5"
      >
        <h2 id="library-heading" className="font-semibold">
          Your library
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Read your eBooks and listen to the audiobooks in the browser, on any device, from where
          you left off.
        </p>
        <Link
          href="/library"
          className="mt-3 inline-block rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Open your library
        </Link>
      </section>
      {data.subscriptions.length > 0 ? (
        <section
          aria-labelledby="subscriptions-heading"
          className="rounded-xl border border-amber-200 bg-amber-50 p-5"
        >
          <h2 id="subscriptions-heading" className="font-semibold">
            Your membership
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {data.subscriptions.map((subscription) => (
              <li key={subscription.id}>
                {membershipStatusText(subscription)}{' '}
                <WithdrawAccountLink orderNumber={subscription.orderNumber} />
              </li>
            ))}
          </ul>
          {data.subscriptions.some(canManageMembership) ? <ManageMembership /> : null}
        </section>
      ) : null}
      {data.orders.map((order) => (
        <section
          key={order.orderId}
          aria-label={`Order ${order.orderId}`}
          className="rounded-xl border border-slate-200 p-5"
        >
          <h2 className="font-semibold">
            {order.products.map((product) => product.productName).join(', ')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {formatLongDate(order.createdAt)} · {formatPrice(order.amountTotal, order.currency)} ·
            Order number: {order.orderNumber}
            {order.status === 'refunded' ? ' · refunded' : ''}
          </p>
          <ChargedAmounts order={order} />
          {order.files.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-3">
              {order.files.map((file) => (
                <li key={file.url}>
                  <a
                    href={file.url}
                    className="inline-block rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
                  >
                    Download {file.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** Subtotal, discount and tax when they changed the total, and when the terms were accepted. */
function ChargedAmounts({
  order,
}: {
  order: NonNullable<Awaited<ReturnType<typeof fetchMyPurchases>>>['orders'][number];
}) {
  const lines = chargedAmountLines(order, (cents) => formatPrice(cents, order.currency));
  return (
    <>
      {lines.length > 1 ? (
        <dl className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
          {lines.map(({ label, amount }) => (
            <div key={label}>
              <dt className="inline">{label}: </dt>
              <dd className="inline">{amount}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {order.termsAcceptedAt ? (
        <p className="mt-1 text-xs text-slate-600">
          Terms accepted and immediate delivery requested on {formatLongDate(order.termsAcceptedAt)}
        </p>
      ) : null}
    </>
  );
}

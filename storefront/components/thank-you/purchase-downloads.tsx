'use client';
/**
 * A thank-you page's download buttons: the signed, per-purchase links of `?sessionId`
 * (docs/product.md#thank-you-pages), or the 'e-mail me my links' form when the page does not know the purchase.
 */
import { usePurchaseDetail } from '@/components/checkout/use-purchase-detail';
import { isExpiredPurchase, purchaseFailureMessage } from '@/lib/checkout/purchase-failure';
import { OrderPageExpired } from '@/components/checkout/order-page-expired';
import {
  downloadButtonText,
  downloadsForThankYouPage,
  type PurchasedFile,
} from '@/lib/checkout/thank-you-files';
import { EmailMyLinksForm } from './email-my-links-form';

function FileButtons({ files, buttonClass }: { files: PurchasedFile[]; buttonClass: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {files.map((file) => (
        <li key={file.url}>
          {/* Same-origin signed link: `download` saves it in place; otherwise a new tab opens. */}
          <a
            href={file.url}
            download
            target="_blank"
            rel="noopener"
            className={`flex h-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-center font-semibold ${buttonClass}`}
          >
            {downloadButtonText(file, files)}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function PurchaseDownloads({
  sessionId,
  pageProductId,
  buttonClass,
}: {
  sessionId: string | null;
  /** The thank-you page's product, or null on the generic page. */
  pageProductId: string | null;
  buttonClass: string;
}) {
  const { data, error, isLoading } = usePurchaseDetail(sessionId);

  if (!sessionId) return <EmailMyLinksForm buttonClass={buttonClass} />;
  if (isLoading || (!data && !error)) {
    return (
      <div role="status" className="flex items-center gap-3 py-4 text-slate-700">
        <span
          aria-hidden="true"
          className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-slate-700"
        />
        Loading your downloads...
      </div>
    );
  }
  if (error && isExpiredPurchase(error)) return <OrderPageExpired buttonClass={buttonClass} />;
  if (error || !data) {
    return (
      <div>
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-950">
          We could not load the downloads of this order.{' '}
          {error ? purchaseFailureMessage(error) : null}
        </p>
        <EmailMyLinksForm buttonClass={buttonClass} />
      </div>
    );
  }
  const { files, otherProducts } = downloadsForThankYouPage(data.products, pageProductId);
  if (files.length === 0) {
    return (
      <p className="text-slate-700">
        This order has no files to download. If you expected some, please contact support.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <FileButtons files={files} buttonClass={buttonClass} />
      {otherProducts.map((product) => (
        <div key={product.productName}>
          <h3 className="mb-2 font-semibold">Also in your order: {product.productName}</h3>
          <FileButtons files={product.files} buttonClass={buttonClass} />
        </div>
      ))}
      <p className="text-sm text-slate-700">
        The links are personal to your order and expire after a few days. You can always ask for
        fresh links by e-mail from this page or from support.
      </p>
    </div>
  );
}

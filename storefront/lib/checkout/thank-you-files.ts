/**
 * Which of a purchase's signed files a thank-you page offers. The page's own files are those
 * of its product (by id); when the order holds none of it (the generic page, a product the
 * page does not know) every file of the purchase is its own, so a buyer never lands on a page
 * without their downloads. The rest of the order is offered too, apart, since the success page
 * sends a buyer of several books to the first one's page only.
 */
import type { PurchaseDetail } from '@aba-shop/contract';

export type PurchasedProduct = PurchaseDetail['products'][number];
export type PurchasedFile = PurchasedProduct['files'][number];

export interface ThankYouDownloads {
  files: PurchasedFile[];
  otherProducts: { productName: string; files: PurchasedFile[] }[];
}

function uniqueByUrl(files: PurchasedFile[]): PurchasedFile[] {
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.url) && seen.add(file.url));
}

export function downloadsForThankYouPage(
  products: PurchasedProduct[],
  pageProductId: string | null,
): ThankYouDownloads {
  const isOwn = (product: PurchasedProduct) => product.productId === pageProductId;
  const ownHasFiles = products.some((product) => isOwn(product) && product.files.length > 0);
  const own = ownHasFiles ? products.filter(isOwn) : products;
  const files = uniqueByUrl(own.flatMap((product) => product.files));
  const otherProducts = ownHasFiles
    ? products
        .filter((product) => !isOwn(product) && product.files.length > 0)
        .map((product) => ({ productName: product.productName, files: product.files }))
    : [];
  return { files, otherProducts };
}

/**
 * A button's text: the spec's 'Download eBook PDF' and 'Download Audiobook (MP3)' when there
 * is one file of each kind; with several books (the pack) the file's own label tells them apart.
 */
export function downloadButtonText(file: PurchasedFile, files: PurchasedFile[]): string {
  const sameKind = files.filter((other) => other.kind === file.kind).length;
  if (sameKind > 1) return `Download ${file.label}`;
  return file.kind === 'pdf' ? 'Download eBook PDF' : 'Download Audiobook (MP3)';
}

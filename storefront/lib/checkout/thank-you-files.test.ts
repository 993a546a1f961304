/** @jest-environment node */
import {
  downloadButtonText,
  downloadsForThankYouPage,
  type PurchasedProduct,
} from './thank-you-files';

const file = (kind: 'pdf' | 'mp3', book: string) => ({
  kind,
  label: `${book} ${kind === 'pdf' ? 'eBook (PDF)' : 'Audiobook (MP3)'}`,
  url: `https://shop.test/api/downloads/${book}-${kind}`.replaceAll(' ', '-'),
});
const product = (
  productId: string,
  productName: string,
  files: PurchasedProduct['files'],
): PurchasedProduct => ({
  productId,
  productName,
  price: 1999,
  quantity: 1,
  type: 'digital',
  downloadUrl: files[0]?.url ?? null,
  files,
});
const parents = product('ebook-aba-for-parents', 'eBook ABA for Parents', [
  file('pdf', 'ABA for Parents'),
  file('mp3', 'ABA for Parents'),
]);
const pack = product('ebook-aba-complete-pack', 'eBook ABA Complete Pack', [
  file('pdf', 'ABA for Parents'),
  file('pdf', 'ABA Case Studies'),
  file('mp3', 'ABA for Parents'),
  file('mp3', 'ABA Case Studies'),
]);
const membership = product('aba-parent-support-monthly', 'ABA Parent Support Membership', []);

describe('downloadsForThankYouPage', () => {
  it("offers the page's own product first and the rest of the order apart", () => {
    const downloads = downloadsForThankYouPage([pack, parents], 'ebook-aba-complete-pack');
    expect(downloads.files).toHaveLength(4);
    expect(downloads.otherProducts.map((other) => other.productName)).toEqual([
      'eBook ABA for Parents',
    ]);
  });

  it('offers every file of the purchase on a page no product leads to', () => {
    const downloads = downloadsForThankYouPage([parents, membership], null);
    expect(downloads.files.map((f) => f.kind)).toEqual(['pdf', 'mp3']);
    expect(downloads.otherProducts).toEqual([]);
  });

  it('offers nothing for a purchase without files', () => {
    expect(downloadsForThankYouPage([membership], null)).toEqual({ files: [], otherProducts: [] });
  });
});

describe('downloadButtonText', () => {
  it.each([
    ['a single book PDF', parents.files, 0, 'Download eBook PDF'],
    ['a single book MP3', parents.files, 1, 'Download Audiobook (MP3)'],
    ['a PDF of the pack', pack.files, 1, 'Download ABA Case Studies eBook (PDF)'],
    ['an MP3 of the pack', pack.files, 2, 'Download ABA for Parents Audiobook (MP3)'],
  ])('names %s', (_, files, index, text) => {
    expect(downloadButtonText(files[index] as PurchasedProduct['files'][number], files)).toBe(text);
  });
});

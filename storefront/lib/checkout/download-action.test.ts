/** @jest-environment node */
import { thankYouPages } from '@/lib/catalogue/catalogue';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { downloadAction } from './download-action';

const pages = thankYouPages(SEEDED_CATALOGUE);

describe('downloadAction', () => {
  it.each([
    [
      'opens the PDF link when the product has one',
      { productId: 'ebook-aba-for-parents', downloadUrl: 'https://shop.test/api/downloads/t1' },
      { kind: 'open', url: 'https://shop.test/api/downloads/t1' },
    ],
    [
      "goes to the product's thank-you page when it has no link",
      { productId: 'ebook-aba-case-studies', downloadUrl: null },
      { kind: 'navigate', path: '/thank-you/ebook-aba-case-studies?sessionId=cs_1' },
    ],
    [
      'says the link is unavailable for a product without link or page',
      { productId: 'aba-parent-support-monthly', downloadUrl: null },
      { kind: 'unavailable' },
    ],
  ])('%s', (_, product, action) => {
    expect(downloadAction(product, 'cs_1', pages)).toEqual(action);
  });
});

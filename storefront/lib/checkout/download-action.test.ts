/** @jest-environment node */
import { downloadAction } from './download-action';

describe('downloadAction', () => {
  it.each([
    [
      'opens the PDF link when the product has one',
      { productName: 'eBook ABA for Parents', downloadUrl: 'https://shop.test/api/downloads/t1' },
      { kind: 'open', url: 'https://shop.test/api/downloads/t1' },
    ],
    [
      "goes to the product's thank-you page when it has no link",
      { productName: 'eBook ABA Case Studies', downloadUrl: null },
      { kind: 'navigate', path: '/thank-you/ebook-aba-case-studies?sessionId=cs_1' },
    ],
    [
      'says the link is unavailable for a product without link or page',
      { productName: 'ABA Parent Support Membership', downloadUrl: null },
      { kind: 'unavailable' },
    ],
  ])('%s', (_, product, action) => {
    expect(downloadAction(product, 'cs_1')).toEqual(action);
  });
});

/** @jest-environment node */
import { thankYouProductForSlug } from '@/lib/checkout/thank-you-catalogue';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { purchaseEventForThankYouPage, purchaseEventFromOrder } from './purchase-events';

/** The Purchase a thank-you page sends, for the page's slug and the seeded catalogue. */
const eventOfPage = (slug: string) => {
  const { catalogued } = thankYouProductForSlug(SEEDED_CATALOGUE, slug);
  if (!catalogued) throw new Error(`no catalogue product for ${slug}`);
  return purchaseEventForThankYouPage(catalogued);
};

describe('purchaseEventFromOrder', () => {
  it('sums the prices in dollars and lists every product', () => {
    expect(
      purchaseEventFromOrder([
        {
          productId: 'ebook-aba-complete-pack',
          productName: 'eBook ABA Complete Pack',
          price: 4299,
        },
        { productId: 'ebook-aba-case-studies', productName: 'eBook ABA Case Studies', price: 1999 },
      ]),
    ).toEqual({
      content_ids: ['ebook-aba-complete-pack', 'ebook-aba-case-studies'],
      content_name: ['eBook ABA Complete Pack', 'eBook ABA Case Studies'],
      content_type: 'product',
      value: 62.98,
      currency: 'USD',
      num_items: 2,
    });
  });

  it.each([
    [
      [
        { price: 10, quantity: 1 },
        { price: 20, quantity: 1 },
      ],
      0.3,
      2,
    ],
    [[{ price: 2799, quantity: 2 }], 55.98, 2],
    [[], 0, 0],
  ])('values %j at %d for %d items', (lines, value, count) => {
    const event = purchaseEventFromOrder(
      lines.map((line, index) => ({ productId: `p${index}`, productName: `P${index}`, ...line })),
    );
    expect(event.value).toBe(value);
    expect(event.num_items).toBe(count);
  });
});

describe('purchaseEventForThankYouPage', () => {
  it.each([
    ['ebook-aba-for-parents', 'eBook ABA for Parents', 27.99],
    ['ebook-aba-case-studies', 'eBook ABA Case Studies', 19.99],
    ['ebook-aba-complete-pack', 'eBook ABA Complete Pack', 42.99],
    ['unknown', 'eBook ABA for Parents', 27.99],
  ])('sends %s as one %s item worth %d USD', (slug, name, value) => {
    const event = eventOfPage(slug);
    expect(event).toMatchObject({
      content_name: name,
      content_type: 'product',
      value,
      currency: 'USD',
    });
    expect(event.content_ids).toHaveLength(1);
  });
});

/** @jest-environment node */
import { membershipOf, pickShopEbooks } from '@/lib/catalogue/catalogue';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import {
  membershipData,
  productData,
  productListData,
  schemaPrice,
  type OfferedProduct,
} from './structured-data';

const SITE_URL = 'https://shop.example';

/** The eBooks as the commerce service's catalogue lists them (its seed file), prices in cents. */
function catalogueEbooks(): OfferedProduct[] {
  return pickShopEbooks(SEEDED_CATALOGUE);
}

type Json = Record<string, unknown>;

/**
 * What Google requires of a Product for product rich results: a name, and at least one of
 * offers, review or aggregateRating; and of its Offer: price, priceCurrency and availability.
 * Returns what is missing, so that a failure names it.
 */
function missingRichResultFields(product: Json): string[] {
  const missing: string[] = [];
  if (product['@type'] !== 'Product') missing.push('@type Product');
  if (typeof product.name !== 'string' || product.name === '') missing.push('name');
  if (!['offers', 'review', 'aggregateRating'].some((field) => product[field] !== undefined)) {
    missing.push('offers, review or aggregateRating');
  }
  const offer = product.offers as Json | undefined;
  if (offer) {
    if (offer['@type'] !== 'Offer') missing.push('offers.@type Offer');
    for (const field of ['price', 'priceCurrency', 'availability']) {
      if (offer[field] === undefined || offer[field] === '') missing.push(`offers.${field}`);
    }
  }
  return missing;
}

describe('schemaPrice', () => {
  it.each([
    [2799, '27.99'],
    [4299, '42.99'],
    [1000, '10.00'],
    [1905, '19.05'],
    [5, '0.05'],
    [0, '0.00'],
  ])('writes %i cents as "%s"', (cents, price) => {
    expect(schemaPrice(cents)).toBe(price);
  });
});

describe('productListData', () => {
  const ebooks = catalogueEbooks();
  const list = productListData(ebooks, SITE_URL);
  const products = list.itemListElement.map((element) => element.item as Json);

  it('lists the three eBooks of the catalogue, in its order', () => {
    expect(list['@context']).toBe('https://schema.org');
    expect(list['@type']).toBe('ItemList');
    expect(products.map((product) => product.name)).toEqual([
      'eBook ABA for Parents',
      'eBook ABA Case Studies',
      'eBook ABA Complete Pack',
    ]);
    expect(list.itemListElement.map((element) => element.position)).toEqual([1, 2, 3]);
    expect(list.numberOfItems).toBe(3);
  });

  it('gives every eBook the fields Google requires for a product rich result', () => {
    for (const product of products) expect(missingRichResultFields(product)).toEqual([]);
  });

  it("prices each offer at the catalogue's price in cents / 100, as a decimal string in USD", () => {
    for (const [index, ebook] of ebooks.entries()) {
      const offer = (products[index] as Json).offers as Json;
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(offer.price)).toBe(ebook.price / 100);
      expect(offer.priceCurrency).toBe('USD');
      expect(offer.availability).toBe('https://schema.org/InStock');
    }
  });

  it('states the recommended fields: description, image, sku, brand and where to buy', () => {
    for (const [index, ebook] of ebooks.entries()) {
      const product = products[index] as Json;
      expect(product.description).toBe(ebook.description);
      expect(product.sku).toBe(ebook.id);
      expect(product.productID).toBe(ebook.id);
      expect(product.brand).toEqual({ '@type': 'Brand', name: 'ABA Parent Guides' });
      expect(product.image).toEqual(ebook.images.map((image) => `${SITE_URL}${image}`));
      const offer = product.offers as Json;
      expect(offer.url).toBe(`${SITE_URL}/shop`);
      expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
      expect(offer.seller).toEqual({
        '@type': 'Organization',
        name: 'ABA Parent Guides',
        url: SITE_URL,
      });
    }
  });
});

describe('productData', () => {
  it('takes the price and its currency from the product it is given, never from elsewhere', () => {
    const product = productData(
      {
        id: 'ebook-aba-for-parents',
        name: 'eBook ABA for Parents',
        description: 'Strategies for parents',
        price: 3150,
        currency: 'eur',
        images: [],
      },
      SITE_URL,
    );
    expect(product.offers.price).toBe('31.50');
    expect(product.offers.priceCurrency).toBe('EUR');
    expect(product.image).toEqual([]);
  });
});

describe('membershipData', () => {
  const membership = membershipOf(SEEDED_CATALOGUE);
  if (!membership) throw new Error('The seeded catalogue sells a membership');
  const data = membershipData(membership, SITE_URL);

  it('is a Product with the fields Google requires, offered on the membership page', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(missingRichResultFields(data)).toEqual([]);
    expect(data.name).toBe(membership.name);
    expect(data.offers.url).toBe(`${SITE_URL}/membership`);
    expect(data.offers.price).toBe('9.99');
  });

  it('states the price as the price of one month', () => {
    expect(data.offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: '9.99',
      priceCurrency: 'USD',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    });
  });

  it('states no period it has no code for', () => {
    expect(
      membershipData({ ...membership, interval: 'fortnight' }, SITE_URL).offers,
    ).not.toHaveProperty('priceSpecification');
  });
});

describe('the eBooks’ ratings', () => {
  const product = (id: string) => ({
    id,
    name: id,
    description: 'A guide',
    price: 2799,
    currency: 'usd',
    images: [],
    type: 'digital' as const,
    kind: 'parents',
  });

  it('rates an eBook from its published reviews only, and leaves one without any unrated', () => {
    const list = productListData([product('book'), product('pack')], 'https://shop.example', [
      { productId: 'book', rating: 5 },
      { productId: 'book', rating: 4 },
    ]);
    const [book, pack] = list.itemListElement.map((element) => element.item);
    expect(book).toMatchObject({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(pack).not.toHaveProperty('aggregateRating');
  });
});

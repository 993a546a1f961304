/** @jest-environment node */
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import {
  isEbookKind,
  membershipOf,
  packContents,
  pickShopEbooks,
  pricePerPeriod,
  shortTitle,
  thankYouPages,
  thankYouRoute,
  thankYouRouteAfterPurchase,
} from './catalogue';

const product = (id: string, name: string, kind: string | null) => ({ id, name, kind });

describe('pickShopEbooks', () => {
  it.each([
    ['an empty list', [], []],
    [
      'the three known eBooks in the order given',
      [
        product('c', 'eBook ABA Case Studies', 'case-studies'),
        product('p', 'eBook ABA for Parents', 'foundational'),
        product('k', 'eBook ABA Complete Pack', 'complete'),
      ],
      ['c', 'p', 'k'],
    ],
    [
      'drops products that are not one of the three eBooks',
      [
        product('m', 'ABA Parent Support Membership', 'membership'),
        product('p', 'eBook ABA for Parents', 'foundational'),
        product('x', 'ebook aba for parents', null),
      ],
      ['p'],
    ],
    [
      'keeps the first of two products of the same kind',
      [
        product('p1', 'eBook ABA for Parents', 'foundational'),
        product('k', 'eBook ABA Complete Pack', 'complete'),
        product('p2', 'eBook ABA for Parents', 'foundational'),
      ],
      ['p1', 'k'],
    ],
    [
      'keeps a renamed eBook, since the name decides nothing',
      [product('p', 'Parenting with ABA, 2nd edition', 'foundational')],
      ['p'],
    ],
  ])('%s', (_name, products, ids) => {
    expect(pickShopEbooks(products).map((item) => item.id)).toEqual(ids);
  });
});

describe('isEbookKind', () => {
  it.each([
    ['foundational', true],
    ['case-studies', true],
    ['complete', true],
    ['membership', false],
    ['complete ', false],
    [null, false],
  ])('%p → %p', (kind, known) => {
    expect(isEbookKind(kind)).toBe(known);
  });
});

describe('membershipOf', () => {
  it('finds the membership by its kind, whatever its name', () => {
    expect(membershipOf(SEEDED_CATALOGUE)?.id).toBe('aba-parent-support-monthly');
    expect(
      membershipOf([
        product('p', 'eBook ABA for Parents', 'foundational'),
        product('m', 'Family Club', 'membership'),
      ])?.id,
    ).toBe('m');
  });

  it('finds none in a catalogue without one, or without a catalogue', () => {
    expect(membershipOf([product('p', 'ABA Parent Support Membership', null)])).toBeUndefined();
    expect(membershipOf(null)).toBeUndefined();
  });
});

describe('pricePerPeriod', () => {
  it.each([
    ['a one-time price alone', { price: 2799, currency: 'usd', interval: null }, '$27.99'],
    [
      'a subscription with its period',
      { price: 999, currency: 'usd', interval: 'month' },
      '$9.99 a month',
    ],
  ])('says %s', (_name, priced, words) => {
    expect(pricePerPeriod(priced)).toBe(words);
  });
});

describe('shortTitle and packContents', () => {
  it('name a book without its "eBook" prefix', () => {
    expect(shortTitle('eBook ABA for Parents')).toBe('ABA for Parents');
    expect(shortTitle('ABA Case Studies')).toBe('ABA Case Studies');
  });

  it('say what the pack holds, from the catalogue', () => {
    expect(packContents(SEEDED_CATALOGUE)).toBe(
      'Both eBooks: ABA for Parents and ABA Case Studies',
    );
    expect(packContents(null)).toBe('Both eBooks');
  });
});

const pages = thankYouPages(SEEDED_CATALOGUE);

describe('thankYouRoute', () => {
  it.each([
    ['ebook-aba-for-parents', '/thank-you/ebook-aba-for-parents'],
    ['ebook-aba-case-studies', '/thank-you/ebook-aba-case-studies'],
    ['ebook-aba-complete-pack', '/thank-you/ebook-aba-complete-pack'],
    ['aba-parent-support-monthly', '/thank-you'],
    ['toString', '/thank-you'],
    ['', '/thank-you'],
  ])('sends %j to %s', (productId, route) => {
    expect(thankYouRoute(pages, productId)).toBe(route);
  });

  it('finds a renamed eBook its page by its id', () => {
    const renamed = SEEDED_CATALOGUE.map((item) => ({
      ...item,
      name: `${item.name} (2nd edition)`,
    }));
    expect(thankYouRoute(thankYouPages(renamed), 'ebook-aba-for-parents')).toBe(
      '/thank-you/ebook-aba-for-parents',
    );
  });

  it('carries the sessionId, encoded', () => {
    expect(thankYouRoute(pages, 'ebook-aba-case-studies', 'cs_1&x')).toBe(
      '/thank-you/ebook-aba-case-studies?sessionId=cs_1%26x',
    );
    expect(thankYouRoute(pages, 'aba-parent-support-monthly', 'cs_2')).toBe(
      '/thank-you?sessionId=cs_2',
    );
  });

  it('sends every product to the generic page when the catalogue could not be read', () => {
    expect(thankYouRoute(thankYouPages(null), 'ebook-aba-for-parents')).toBe('/thank-you');
  });
});

describe('thankYouRouteAfterPurchase', () => {
  it("goes to the first product's page with the sessionId", () => {
    expect(
      thankYouRouteAfterPurchase(
        pages,
        [{ productId: 'ebook-aba-complete-pack' }, { productId: 'ebook-aba-for-parents' }],
        'cs_9',
      ),
    ).toBe('/thank-you/ebook-aba-complete-pack?sessionId=cs_9');
  });

  it('goes to /thank-you when there are no products', () => {
    expect(thankYouRouteAfterPurchase(pages, [], 'cs_9')).toBe('/thank-you');
  });
});

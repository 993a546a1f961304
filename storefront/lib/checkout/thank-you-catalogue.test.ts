/** @jest-environment node */
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { themeForType, thankYouProductForSlug } from './thank-you-catalogue';

describe('thankYouProductForSlug', () => {
  it.each([
    ['ebook-aba-for-parents', 'foundational', 'Your Complete Guide to ABA Strategies'],
    ['ebook-aba-case-studies', 'case-studies', 'Real Stories, Real Results'],
    ['ebook-aba-complete-pack', 'complete', 'Your Complete ABA Resource Library'],
    ['no-such-book', 'foundational', 'Your Complete Guide to ABA Strategies'],
    ['toString', 'foundational', 'Your Complete Guide to ABA Strategies'],
    [undefined, 'foundational', 'Your Complete Guide to ABA Strategies'],
  ])('resolves %j to a %s product (%s)', (slug, type, description) => {
    const product = thankYouProductForSlug(SEEDED_CATALOGUE, slug);
    expect(product.type).toBe(type);
    expect(product.description).toBe(description);
  });
});

describe('thankYouProductForSlug, for the page', () => {
  it('carries the catalogue product of the slug: its id, name and price', () => {
    expect(thankYouProductForSlug(SEEDED_CATALOGUE, 'ebook-aba-case-studies').catalogued).toEqual({
      id: 'ebook-aba-case-studies',
      slug: 'ebook-aba-case-studies',
      name: 'eBook ABA Case Studies',
      price: 1999,
      currency: 'usd',
    });
  });

  it('still gives the page its words and colours when the catalogue could not be read', () => {
    const product = thankYouProductForSlug(null, 'ebook-aba-case-studies');
    expect(product).toEqual({
      type: 'foundational',
      description: 'Your Complete Guide to ABA Strategies',
      catalogued: null,
    });
  });
});

describe('themeForType', () => {
  it.each([
    ['foundational', 'emerald'],
    ['case-studies', 'blue'],
    ['complete', 'purple'],
  ] as const)('colours %s pages %s', (type, colour) => {
    expect(themeForType(type).solid).toContain(colour);
  });

  it('adds pink to the complete pack', () => {
    expect(themeForType('complete').banner).toContain('pink');
  });
});

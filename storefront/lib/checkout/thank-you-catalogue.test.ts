/** @jest-environment node */
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
    const product = thankYouProductForSlug(slug);
    expect(product.type).toBe(type);
    expect(product.description).toBe(description);
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

/** @jest-environment node */
import { matchThankYouRoute, thankYouRouteAfterPurchase } from './thank-you-route';

describe('matchThankYouRoute', () => {
  it.each([
    ['eBook ABA for Parents', '/thank-you/ebook-aba-for-parents'],
    ['EBOOK ABA FOR PARENTS', '/thank-you/ebook-aba-for-parents'],
    ['ABA for Parents (2nd edition)', '/thank-you/ebook-aba-for-parents'],
    ['eBook ABA Case Studies', '/thank-you/ebook-aba-case-studies'],
    ['Family case studies', '/thank-you/ebook-aba-case-studies'],
    ['eBook ABA Complete Pack', '/thank-you/ebook-aba-complete-pack'],
    ['The complete pack', '/thank-you/ebook-aba-complete-pack'],
    ['ABA Parent Support Membership', '/thank-you'],
    ['', '/thank-you'],
  ])('sends %j to %s', (name, route) => {
    expect(matchThankYouRoute(name)).toBe(route);
  });

  it('carries the sessionId, encoded', () => {
    expect(matchThankYouRoute('eBook ABA Case Studies', 'cs_1&x')).toBe(
      '/thank-you/ebook-aba-case-studies?sessionId=cs_1%26x',
    );
    expect(matchThankYouRoute('Membership', 'cs_2')).toBe('/thank-you?sessionId=cs_2');
  });
});

describe('thankYouRouteAfterPurchase', () => {
  it("goes to the first product's page with the sessionId", () => {
    expect(
      thankYouRouteAfterPurchase(
        [{ productName: 'eBook ABA Complete Pack' }, { productName: 'eBook ABA for Parents' }],
        'cs_9',
      ),
    ).toBe('/thank-you/ebook-aba-complete-pack?sessionId=cs_9');
  });

  it('goes to /thank-you when there are no products', () => {
    expect(thankYouRouteAfterPurchase([], 'cs_9')).toBe('/thank-you');
  });
});

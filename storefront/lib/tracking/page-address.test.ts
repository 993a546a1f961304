import { addressForPixel, isPrivateAddress, pageLanguage, referrerForPixel } from './page-address';

const at = (path: string) => new URL(path, 'https://shop.example');

describe('pageLanguage', () => {
  it.each([
    ['/', 'en'],
    ['/blog', 'en'],
    ['/blog/visual-schedules', 'it'],
    ['/login', 'it'],
    ['/admin/orders/ord_1', 'it'],
    ['/checkout/error', 'it'],
    ['/checkout/success', 'en'],
    ['/thank-you/aba-for-parents', 'it'],
    ['/thank-you/case-studies', 'it'],
    ['/thank-you/ebook-aba-for-parents', 'en'],
    ['/withdraw', 'en'],
    ['/withdraw/it', 'it'],
    ['/accessibility', 'en'],
  ])('%s is in %s', (path, language) => {
    expect(pageLanguage(path)).toBe(language);
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['/checkout/success?sessionId=cs_test_1', true],
    ['/checkout/cancel', true],
    ['/thank-you/ebook-aba-for-parents?sessionId=cs_test_1', true],
    ['/thank-you/aba-for-parents?session_id=cs_test_1', true],
    ['/auth/callback?code=abc&state=xyz', true],
    ['/account', true],
    ['/admin/subscriptions', true],
    ['/login', true],
    ['/shop?token=t', true],
    ['/shop?Code=1', true],
    ['/blog#comment', true],
    ['/thank-you/ebook-aba-for-parents', false],
    ['/shop?fbclid=IwAR1&utm_source=fb', false],
    ['/', false],
    ['/accessibility', false],
  ])('%s: %s', (path, expected) => {
    expect(isPrivateAddress(at(path))).toBe(expected);
  });
});

describe('addressForPixel', () => {
  it('takes the query and fragment off a private page and keeps an ordinary one whole', () => {
    expect(addressForPixel(at('/checkout/success?sessionId=cs_test_1'))).toBe(
      'https://shop.example/checkout/success',
    );
    expect(addressForPixel(at('/auth/callback?code=abc#x'))).toBe(
      'https://shop.example/auth/callback',
    );
    expect(addressForPixel(at('/shop?fbclid=IwAR1'))).toBe(
      'https://shop.example/shop?fbclid=IwAR1',
    );
  });
});

describe('referrerForPixel', () => {
  it('keeps only the origin of the page before', () => {
    expect(referrerForPixel('https://shop.example/checkout/success?sessionId=cs_1')).toBe(
      'https://shop.example/',
    );
    expect(referrerForPixel('')).toBe('');
  });
});

import { addressForPixel, isPrivateAddress, referrerForPixel } from './page-address';

const at = (path: string) => new URL(path, 'https://shop.example');

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

import { loadMetaPixel, PIXEL_SCRIPT_URL, stopMetaPixel, trackEvent } from './meta-pixel';

const goTo = (path: string) => window.history.replaceState(null, '', path);

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
  jest.restoreAllMocks();
  goTo('/');
});

type Seen = { call: unknown[]; address: string; referrer: string }[];

/** Stands in for Meta's script as it loads: it answers calls at once, reading the address. */
function pixelLoaded(seen: Seen) {
  const fbq = window.fbq;
  if (!fbq) throw new Error('no pixel');
  fbq.callMethod = (...call: unknown[]) =>
    seen.push({ call, address: window.location.href, referrer: document.referrer });
  document.head.querySelector('script')?.dispatchEvent(new Event('load'));
}

describe('trackEvent', () => {
  it('skips the event when the pixel is absent', () => {
    expect(() => trackEvent('PageView')).not.toThrow();
    expect(window.fbq).toBeUndefined();
  });

  it('sends the event and its data to the pixel', () => {
    const fbq = jest.fn();
    window.fbq = fbq;
    trackEvent('AddToCart', {
      content_name: 'eBook ABA for Parents',
      value: 27.99,
      currency: 'USD',
    });
    expect(fbq).toHaveBeenCalledWith('track', 'AddToCart', {
      content_name: 'eBook ABA for Parents',
      value: 27.99,
      currency: 'USD',
    });
  });

  it('logs and ignores an error thrown by the pixel', () => {
    window.fbq = jest.fn(() => {
      throw new Error('blocked');
    });
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => trackEvent('Purchase', { value: 42.99 })).not.toThrow();
    expect(log).toHaveBeenCalledWith('Error tracking Purchase event:', expect.any(Error));
  });

  it('shows the loaded pixel a private page without its secret, and gives the page its address back', () => {
    loadMetaPixel('1234567890');
    const seen: Seen = [];
    pixelLoaded(seen);
    goTo('/checkout/success?sessionId=cs_test_secret');
    trackEvent('Purchase', { value: 27.99, currency: 'USD' });
    expect(seen).toEqual([
      {
        call: ['track', 'Purchase', { value: 27.99, currency: 'USD' }],
        address: 'http://localhost/checkout/success',
        referrer: '',
      },
    ]);
    expect(window.location.href).toBe('http://localhost/checkout/success?sessionId=cs_test_secret');
  });

  it('keeps an ordinary address whole (an ad click id stays)', () => {
    loadMetaPixel('1234567890');
    const seen: Seen = [];
    pixelLoaded(seen);
    goTo('/shop?fbclid=IwAR1');
    trackEvent('PageView');
    expect(seen[0]?.address).toBe('http://localhost/shop?fbclid=IwAR1');
  });

  it('holds events until the script has loaded, then hands each over under the address it may see', () => {
    loadMetaPixel('1234567890');
    goTo('/thank-you/ebook-aba-for-parents?sessionId=cs_test_secret');
    trackEvent('Purchase', { value: 27.99 });
    // Nothing in the queue the script would run later, at an address nobody can foresee.
    expect(window.fbq?.queue?.filter(([command]) => command === 'track')).toEqual([]);
    const seen: Seen = [];
    pixelLoaded(seen);
    expect(seen).toEqual([
      {
        call: ['track', 'Purchase', { value: 27.99 }],
        address: 'http://localhost/thank-you/ebook-aba-for-parents',
        referrer: '',
      },
    ]);
    expect(window.location.search).toBe('?sessionId=cs_test_secret');
  });
});

describe('loadMetaPixel', () => {
  it('adds the pixel script once and switches its automatic collection off before init', () => {
    loadMetaPixel('1234567890');
    loadMetaPixel('1234567890');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(PIXEL_SCRIPT_URL);
    expect(window.fbq?.disablePushState).toBe(true);
    expect(window.fbq?.queue).toEqual([
      ['set', 'autoConfig', false, '1234567890'],
      ['init', '1234567890'],
    ]);
  });

  it('leaves the address alone while the script loads', () => {
    goTo('/checkout/success?sessionId=cs_test_secret');
    loadMetaPixel('1234567890');
    expect(window.location.href).toBe('http://localhost/checkout/success?sessionId=cs_test_secret');
  });
});

describe('stopMetaPixel', () => {
  it('tells the pixel to stop, sends nothing more, and deletes its cookies', () => {
    loadMetaPixel('1234567890');
    const seen: Seen = [];
    pixelLoaded(seen);
    document.cookie = '_fbp=fb.1.123.456; path=/';
    document.cookie = 'cart=kept; path=/';
    stopMetaPixel();
    trackEvent('PageView');
    expect(seen.map(({ call }) => call)).toEqual([['consent', 'revoke']]);
    expect(document.cookie).not.toContain('_fbp');
    expect(document.cookie).toContain('cart=kept');

    // Accepting again in the same page grants it once more.
    loadMetaPixel('1234567890');
    trackEvent('PageView');
    expect(seen.map(({ call }) => call).slice(-2)).toEqual([
      ['consent', 'grant'],
      ['track', 'PageView'],
    ]);
  });
});

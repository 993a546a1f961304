import { loadMetaPixel, PIXEL_SCRIPT_URL, trackEvent } from './meta-pixel';

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
  jest.restoreAllMocks();
});

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
});

describe('loadMetaPixel', () => {
  it('adds the pixel script once and queues init and later events until it has loaded', () => {
    loadMetaPixel('1234567890');
    loadMetaPixel('1234567890');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(PIXEL_SCRIPT_URL);
    trackEvent('PageView');
    expect(window.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
    ]);
  });
});

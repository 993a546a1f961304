import { pageLanguage } from './page-language.ts';

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
    ['/blog/some-post', 'it'],
  ])('%s is in %s', (path, language) => {
    expect(pageLanguage(path)).toBe(language);
  });
});

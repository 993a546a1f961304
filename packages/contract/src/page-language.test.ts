import { languageOfLink, linkInLanguage, pageLanguage } from './page-language.ts';

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

describe('the language of a page an e-mail links to', () => {
  it('is marked on an Italian link only, and read back as it was marked', () => {
    const italian = linkInLanguage(new URL('https://shop.example/review?token=t'), 'it');
    const english = linkInLanguage(new URL('https://shop.example/review?token=t'), 'en');
    expect(italian.toString()).toBe('https://shop.example/review?token=t&lang=it');
    expect(english.toString()).toBe('https://shop.example/review?token=t');
    expect(languageOfLink(italian.searchParams.get('lang') ?? undefined)).toBe('it');
    expect(languageOfLink(english.searchParams.get('lang') ?? undefined)).toBe('en');
    expect(languageOfLink(['it', 'en'])).toBe('en');
  });
});

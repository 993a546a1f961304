/**
 * How the shop states a moment to a consumer, in the e-mail and on the page alike: the date and
 * the time in UTC, in the page's language ('27 November 2026 at 20:15 UTC', '27 novembre 2026
 * alle ore 20:15 UTC'). A withdrawal's acknowledgement must give both (docs/product.md#withdrawal).
 */
export function dateTimeUtc(iso: string, language: 'en' | 'it'): string {
  const text = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
  return `${text} UTC`;
}

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

/**
 * A month as the shop names it, in the e-mail and in the library alike: `2026-03` is
 * 'March 2026' (a member resource's month, docs/product.md#member-resources). A month it cannot
 * read is left as it is.
 */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, number - 1, 1));
}

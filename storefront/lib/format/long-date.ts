/** A date as the English pages write it in full, e.g. 'December 5, 2026' (UTC). */
export function formatLongDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/**
 * Dates as the blog shows them: en-US long in the list, it-IT long in the detail
 * (docs/product.md#constants-and-limits).
 */
export function formatListDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

export function formatDetailDate(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

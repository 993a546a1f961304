/**
 * Dates as the blog shows them: en-US long in the list, it-IT long in the detail
 * (docs/product.md#constants-and-limits).
 */
import { formatLongDate } from '@/lib/format/long-date';

export const formatListDate = formatLongDate;

export function formatDetailDate(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

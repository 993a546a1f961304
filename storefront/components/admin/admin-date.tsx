import { formatRecordDate } from '@/lib/admin/format-record-date';

/**
 * A date as the admin pages show it, '21 nov, 14:05', with the full date (year included) as its
 * title (docs/product.md#admin-subscription-records).
 */
export function AdminDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatRecordDate(iso, { withYear: true })}>
      {formatRecordDate(iso)}
    </time>
  );
}

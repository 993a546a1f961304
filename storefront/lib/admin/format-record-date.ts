/**
 * The creation date of a subscription record in Italian: short month, day, hour and minute,
 * e.g. '21 nov, 14:05' (docs/product.md). The full date with its year is kept for the
 * `<time>` element's title, so an admin can still tell years apart. Shown in the admin's own
 * time zone unless one is given.
 */
export function formatRecordDate(
  iso: string,
  { timeZone, withYear = false }: { timeZone?: string; withYear?: boolean } = {},
): string {
  const date = new Date(iso);
  // A value the browser cannot read is shown as it came, rather than 'Invalid Date'.
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

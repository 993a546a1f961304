/**
 * The creation date of a subscription record in Italian (spec §2: short month, day, hour and
 * minute), e.g. '21 nov 2026, 14:05'. The year is kept as well: records stay for years and an
 * admin must tell them apart. Shown in the admin's own time zone unless one is given.
 */
export function formatRecordDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  // A value the browser cannot read is shown as it came, rather than 'Invalid Date'.
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

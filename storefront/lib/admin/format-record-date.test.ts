import { formatRecordDate } from './format-record-date';

describe('formatRecordDate', () => {
  it.each([
    ['an afternoon date', '2026-11-21T14:05:00.000Z', '21 nov, 14:05'],
    ['a morning hour with two digits', '2025-03-04T07:09:59.000Z', '4 mar, 07:09'],
    ['midnight', '2025-12-31T00:00:00.000Z', '31 dic, 00:00'],
  ])('shows %s with the Italian short month, day, hour and minute', (_case, iso, expected) => {
    expect(formatRecordDate(iso, { timeZone: 'UTC' })).toBe(expected);
  });

  it('shows the time in the given time zone', () => {
    expect(formatRecordDate('2026-11-21T14:05:00.000Z', { timeZone: 'Europe/Rome' })).toBe(
      '21 nov, 15:05',
    );
  });

  it('adds the year when asked, for the full date', () => {
    expect(formatRecordDate('2026-11-21T14:05:00.000Z', { timeZone: 'UTC', withYear: true })).toBe(
      '21 nov 2026, 14:05',
    );
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatRecordDate('not a date')).toBe('not a date');
  });
});

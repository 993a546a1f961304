import { dateTimeUtc, monthName } from './date-time.ts';

describe('dateTimeUtc', () => {
  it.each([
    ['en', '27 November 2026 at 20:15 UTC'],
    ['it', '27 novembre 2026 alle ore 20:15 UTC'],
  ] as const)('states a moment in %s with its date and UTC time', (language, text) => {
    expect(dateTimeUtc('2026-11-27T20:15:30.000Z', language)).toBe(text);
  });
});

describe('monthName', () => {
  it('names the month and year of a member resource', () => {
    expect(monthName('2026-03')).toBe('March 2026');
    expect(monthName('2026-12')).toBe('December 2026');
  });

  it('leaves a month it cannot read as it is', () => {
    expect(monthName('soon')).toBe('soon');
  });
});

import { dateTimeUtc } from './date-time.ts';

describe('dateTimeUtc', () => {
  it.each([
    ['en', '27 November 2026 at 20:15 UTC'],
    ['it', '27 novembre 2026 alle ore 20:15 UTC'],
  ] as const)('states a moment in %s with its date and UTC time', (language, text) => {
    expect(dateTimeUtc('2026-11-27T20:15:30.000Z', language)).toBe(text);
  });
});

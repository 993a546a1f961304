/** @jest-environment node */
import { formatClock, spokenClock } from './clock';

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [7.9, '0:07'],
    [724, '12:04'],
    [3723, '1:02:03'],
    [Number.NaN, '0:00'],
    [-5, '0:00'],
  ])('shows %p seconds as %p', (seconds, shown) => expect(formatClock(seconds)).toBe(shown));
});

describe('spokenClock', () => {
  it.each([
    [0, '0 seconds'],
    [61, '1 minute 1 second'],
    [3723, '1 hour 2 minutes 3 seconds'],
  ])('says %p seconds as %p', (seconds, said) => expect(spokenClock(seconds)).toBe(said));
});

import { formatDetailDate, formatListDate } from './dates';

describe('blog dates', () => {
  it('shows the list date in en-US long form', () => {
    expect(formatListDate('2025-09-02T09:00:00.000Z')).toBe('September 2, 2025');
  });

  it('shows the detail date in it-IT long form', () => {
    expect(formatDetailDate('2025-09-02T09:00:00.000Z')).toBe('2 settembre 2025');
  });

  it('does not shift the day for a post written just before midnight UTC', () => {
    expect(formatListDate('2025-10-31T23:30:00.000Z')).toBe('October 31, 2025');
  });
});

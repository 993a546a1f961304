import { memberMonthName } from './member-month';

describe('memberMonthName', () => {
  it('names the month and year of a resource', () => {
    expect(memberMonthName('2026-03')).toBe('March 2026');
    expect(memberMonthName('2026-12')).toBe('December 2026');
  });

  it('leaves a month it cannot read as it is', () => {
    expect(memberMonthName('soon')).toBe('soon');
  });
});

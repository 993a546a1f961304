import { changeText, dayLabel, percentText, periodOf, periodProblem } from './sales-period';

const NOW = Date.parse('2026-03-10T15:00:00Z');

describe('the figures’ periods', () => {
  it.each([
    ['last7', { from: '2026-03-04', to: '2026-03-10' }],
    ['last30', { from: '2026-02-09', to: '2026-03-10' }],
    ['last365', { from: '2025-03-11', to: '2026-03-10' }],
    ['thisMonth', { from: '2026-03-01', to: '2026-03-10' }],
    ['lastMonth', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('%s ends today or last month', (preset, period) => {
    expect(periodOf(preset, NOW)).toEqual(period);
  });

  it('names days in Italian', () => {
    expect(dayLabel('2026-11-03')).toBe('3 nov 2026');
    expect(dayLabel('2026-11-03', { year: false })).toBe('3 nov');
  });

  it.each([
    [120, 100, '+20% rispetto al periodo precedente'],
    [80, 100, '−20% rispetto al periodo precedente'],
    [100, 100, 'invariato rispetto al periodo precedente'],
    [5, 0, 'nessun dato nel periodo precedente'],
    [1001, 1000, 'quasi invariato rispetto al periodo precedente'],
  ])('says %i after %i moved: %s', (current, previous, text) => {
    expect(changeText(current, previous)).toBe(text);
  });

  it('writes shares as percentages', () => {
    expect(percentText(0.6667)).toBe('66,7%');
    expect(percentText(0)).toBe('0%');
  });

  it.each([
    [{ from: '2026-03-01', to: '2026-03-10' }, null],
    [{ from: '2026-03-10', to: '2026-03-01' }, 'La data di fine è prima di quella di inizio.'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'Scegli due date valide.'],
    [{ from: '', to: '2026-03-01' }, 'Scegli due date valide.'],
    [{ from: '2024-01-01', to: '2026-03-01' }, 'Scegli un periodo di al massimo 366 giorni.'],
  ])('checks %j before asking', (period, problem) => {
    expect(periodProblem(period)).toBe(problem);
  });
});

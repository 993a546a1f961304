/** @jest-environment node */
/**
 * The overview's charts drawn to SVG by ECharts: a product's name, whatever it is, reaches the
 * chart as lettering and never into the process's objects.
 */
import { drawSalesChart, measurableLabel } from './sales-chart-svg';

const bars = (labels: string[]) =>
  drawSalesChart({
    type: 'bar',
    horizontal: true,
    labels,
    values: labels.map((_, index) => (index + 1) * 1000),
    tick: (value) => `$${value / 100}`,
  });

test("names beginning with one of Object's own properties leave Object.prototype untouched", () => {
  const names = [
    '__proto__',
    '__proto__ and a name long enough to be cut to fit the chart',
    'constructor',
    'toString\n__proto__',
    'valueOf',
  ];
  const { narrow, wide } = bars(names);
  // Drawn twice more, as the cache then finds what the first drawing stored.
  bars(names);

  const inherited: string[] = [];
  for (const key in {}) inherited.push(key);
  expect(inherited).toEqual([]);
  expect(({} as Record<string, unknown>).value).toBeUndefined();
  // The names are still there to read, in the chart's own escaped lettering.
  expect(wide).toContain('c\u200bonstructor');
  expect(narrow).toContain('v\u200balueOf');
  expect(wide).not.toMatch(/ (prev|next|key|value)="/);
});

test('a name is measured as one line, and only names that need it are changed', () => {
  expect(measurableLabel('Calm Mornings')).toBe('Calm Mornings');
  expect(measurableLabel('Toilet\ntraining  guide')).toBe('Toilet training guide');
  expect(measurableLabel('constructive play')).toBe('constructive play');
  expect(measurableLabel('constructor of routines')).toBe('c\u200bonstructor of routines');
  expect(measurableLabel('__proto__')).toBe('_\u200b_proto__');
  expect(measurableLabel('hasOwnProperty')).toBe('h\u200basOwnProperty');
  expect(measurableLabel('')).toBe('');
});

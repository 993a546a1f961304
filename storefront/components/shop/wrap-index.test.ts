import { wrapIndex } from './wrap-index';

describe('wrapIndex', () => {
  it.each([
    [0, 3, 0],
    [1, 3, 1],
    [3, 3, 0],
    [-1, 3, 2],
    [4, 3, 1],
    [-4, 3, 2],
    [0, 0, 0],
  ])('wraps %i among %i slides to %i', (index, length, expected) => {
    expect(wrapIndex(index, length)).toBe(expected);
  });
});

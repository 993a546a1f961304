/** @jest-environment node */
import { describeAge, describeBytes } from './shop-health-rows';

describe('ages and sizes in words', () => {
  it.each([
    [45, '45 s'],
    [60, '1 min'],
    [3_599, '59 min'],
    [7_200, '2 h'],
    [172_800, '2 g'],
  ])('%i seconds is %s', (seconds, words) => {
    expect(describeAge(seconds)).toBe(words);
  });

  it.each([
    [0, '0 byte'],
    [1536, '1,5 kB'],
    [10.5 * 1024 ** 3, '10,5 GB'],
  ])('%i bytes is %s', (bytes, words) => {
    expect(describeBytes(bytes).replace(/\u00a0/g, ' ')).toBe(words);
  });
});

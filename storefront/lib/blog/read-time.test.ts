import { readTimeMinutes } from './read-time';

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

describe('readTimeMinutes', () => {
  it.each([
    [0, 0],
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [999, 5],
  ])('reads %i words in %i minutes', (count, minutes) => {
    expect(readTimeMinutes(words(count))).toBe(minutes);
  });

  it('counts the words of HTML, not its tags', () => {
    expect(readTimeMinutes(`<p>${words(150)}</p><ul><li>${words(100)}</li></ul>`)).toBe(2);
  });

  it('splits on any whitespace', () => {
    expect(readTimeMinutes(`a\tb\nc   d`)).toBe(1);
  });
});

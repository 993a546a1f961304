import { CARD_TRUNCATE_LENGTH, TABLE_TRUNCATE_LENGTH, truncateText } from './truncate-text';

describe('truncateText', () => {
  it.each([
    ['keeps a value shorter than the limit', 'user_123', 20, 'user_123'],
    ['keeps a value exactly at the limit', 'abcdefghijklmnopqrst', 20, 'abcdefghijklmnopqrst'],
    [
      'cuts the table value at 20 characters and adds ...',
      'abcdefghijklmnopqrstu',
      20,
      'abcdefghijklmnopqrst...',
    ],
    [
      'cuts the card value at 15 characters and adds ...',
      'cs_local_1234567890',
      15,
      'cs_local_123456...',
    ],
    ['leaves an empty value empty', '', 15, ''],
    ['never splits a character outside the BMP', '😀😀😀', 2, '😀😀...'],
  ])('%s', (_behaviour, value, maxLength, expected) => {
    expect(truncateText(value, maxLength)).toBe(expected);
  });

  it('uses 20 characters in the table and 15 on cards (docs/product.md#constants-and-limits)', () => {
    expect([TABLE_TRUNCATE_LENGTH, CARD_TRUNCATE_LENGTH]).toEqual([20, 15]);
  });
});

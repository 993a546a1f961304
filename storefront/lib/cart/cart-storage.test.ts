import { parseStoredCart, serializeCart } from './cart-storage';

const good = { id: 'p', name: 'eBook ABA for Parents', price: 27.99, quantity: 2, image: '/p.svg' };

describe('parseStoredCart', () => {
  it('reads back what serializeCart wrote', () => {
    const lines = [good, { ...good, id: 'c', description: 'Stories', quantity: 1 }];
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines);
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['text that is not JSON', '{oops'],
    ['JSON that is not a list', '{"id":"p"}'],
    ['a number', '42'],
  ])('reads %s as an empty cart', (_name, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it.each([
    ['a line without an id', { ...good, id: undefined }],
    ['a quantity of 0', { ...good, quantity: 0 }],
    ['a fractional quantity', { ...good, quantity: 1.5 }],
    ['a quantity above 10', { ...good, quantity: 11 }],
    ['a negative price', { ...good, price: -1 }],
    ['a price that is text', { ...good, price: '27.99' }],
    ['an image on another site', { ...good, image: 'https://evil.example/x.png' }],
    ['null', null],
  ])('drops %s and keeps the well-formed lines', (_name, bad) => {
    const other = { ...good, id: 'c' };
    expect(parseStoredCart(JSON.stringify([bad, other]))).toEqual([other]);
  });

  it('keeps only the first of two lines with the same id', () => {
    expect(parseStoredCart(JSON.stringify([good, { ...good, quantity: 5 }]))).toEqual([good]);
  });
});

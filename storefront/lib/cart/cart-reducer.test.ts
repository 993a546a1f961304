import type { CartItem } from './cart-item';
import { cartReducer, type CartAction } from './cart-reducer';

const parents = { id: 'p', name: 'eBook ABA for Parents', price: 27.99, image: '/p.svg' };
const cases = { id: 'c', name: 'eBook ABA Case Studies', price: 19.99, image: '/c.svg' };
const line = (item: typeof parents, quantity: number): CartItem => ({ ...item, quantity });

describe('cartReducer', () => {
  const cases_: [string, CartItem[], CartAction, CartItem[]][] = [
    ['a new item enters with quantity 1', [], { type: 'add', item: parents }, [line(parents, 1)]],
    [
      'adding an item already present raises its quantity by 1',
      [line(parents, 1), line(cases, 2)],
      { type: 'add', item: cases },
      [line(parents, 1), line(cases, 3)],
    ],
    [
      'adding never goes above 10 copies of one line',
      [line(parents, 10)],
      { type: 'add', item: parents },
      [line(parents, 10)],
    ],
    [
      'setting a quantity changes only that line',
      [line(parents, 1), line(cases, 1)],
      { type: 'setQuantity', id: 'c', quantity: 4 },
      [line(parents, 1), line(cases, 4)],
    ],
    [
      'removes the line when the quantity drops to 0',
      [line(parents, 1), line(cases, 1)],
      { type: 'setQuantity', id: 'p', quantity: 0 },
      [line(cases, 1)],
    ],
    [
      'removes the line when the quantity goes below 0',
      [line(parents, 2)],
      { type: 'setQuantity', id: 'p', quantity: -3 },
      [],
    ],
    [
      'caps a set quantity at 10',
      [line(parents, 2)],
      { type: 'setQuantity', id: 'p', quantity: 50 },
      [line(parents, 10)],
    ],
    [
      'ignores a quantity that is not a number',
      [line(parents, 2)],
      { type: 'setQuantity', id: 'p', quantity: Number.NaN },
      [line(parents, 2)],
    ],
    [
      'remove drops the line',
      [line(parents, 1), line(cases, 1)],
      { type: 'remove', id: 'p' },
      [line(cases, 1)],
    ],
    [
      'remove of an absent line changes nothing',
      [line(parents, 1)],
      { type: 'remove', id: 'x' },
      [line(parents, 1)],
    ],
    ['clear empties the cart', [line(parents, 1), line(cases, 3)], { type: 'clear' }, []],
  ];

  it.each(cases_)('%s', (_name, before, action, after) => {
    expect(cartReducer(before, action)).toEqual(after);
  });

  it('does not change the cart it was given', () => {
    const before = [line(parents, 1)];
    cartReducer(before, { type: 'add', item: parents });
    expect(before).toEqual([line(parents, 1)]);
  });
});

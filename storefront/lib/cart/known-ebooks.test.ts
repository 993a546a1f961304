import { isKnownEbook, pickShopEbooks } from './known-ebooks';

const product = (id: string, name: string) => ({ id, name });

describe('pickShopEbooks', () => {
  it.each([
    ['an empty list', [], []],
    [
      'the three known eBooks in the order given',
      [
        product('c', 'eBook ABA Case Studies'),
        product('p', 'eBook ABA for Parents'),
        product('k', 'eBook ABA Complete Pack'),
      ],
      ['c', 'p', 'k'],
    ],
    [
      'drops products that are not one of the three eBooks',
      [
        product('m', 'ABA Parent Support Membership'),
        product('p', 'eBook ABA for Parents'),
        product('x', 'ebook aba for parents'),
      ],
      ['p'],
    ],
    [
      'keeps the first of two products with the same name',
      [
        product('p1', 'eBook ABA for Parents'),
        product('k', 'eBook ABA Complete Pack'),
        product('p2', 'eBook ABA for Parents'),
      ],
      ['p1', 'k'],
    ],
  ])('%s', (_name, products, ids) => {
    expect(pickShopEbooks(products).map((item) => item.id)).toEqual(ids);
  });
});

describe('isKnownEbook', () => {
  it.each([
    ['eBook ABA for Parents', true],
    ['eBook ABA Case Studies', true],
    ['eBook ABA Complete Pack', true],
    ['ABA Parent Support Membership', false],
    ['eBook ABA Complete Pack ', false],
  ])('%p → %p', (name, known) => {
    expect(isKnownEbook(name)).toBe(known);
  });
});

import type { Passage } from './passage';
import { amountsIn, inventedPrice, statesPrice } from './prices';

const catalogue = (text: string): Passage => ({
  id: 'product:prices',
  kind: 'product',
  title: 'Prices',
  text,
  url: '/shop',
  sourceTitle: 'our Shop',
});

describe('amountsIn', () => {
  it('reads an amount the same however it is written', () => {
    const values = amountsIn('$1,000.00, $1000, 1000 dollars and 1,000 USD').map((a) => a.value);
    expect(new Set(values).size).toBe(1);
  });

  it('tells currencies apart', () => {
    expect(amountsIn('$27 or €27 or £27').map((a) => a.value)).toEqual(['$27', '€27', '£27']);
  });

  it('keeps the amount as written, without the sentence’s full stop', () => {
    expect(amountsIn('It costs $27.99.').map((a) => a.written)).toEqual(['$27.99']);
  });
});

describe('statesPrice', () => {
  it('finds an amount of money by its currency sign or name', () => {
    const priced = ['only $5', '€ 12', '30 dollars', '15 euros', '20 GBP'];
    expect(priced.filter((text) => !statesPrice(text))).toEqual([]);
  });

  it('finds none in other numbers', () => {
    expect(['10 chapters', 'ages 2 to 18', 'a saving of 10%'].filter(statesPrice)).toEqual([]);
  });
});

describe('inventedPrice', () => {
  const passages = [catalogue('The Complete Pack: $42.99. Membership: $9.00 a month.')];

  it('accepts the prices its passages state, however written', () => {
    expect(
      inventedPrice('The pack is $42.99, the membership $9 a month.', passages),
    ).toBeUndefined();
  });

  it.each([
    ['The pack costs $5.00 today only.', '$5.00'],
    ['It is only 30 dollars.', '30 dollars'],
    ['It is €42.99.', '€42.99'],
  ])('names the price "%s" invents', (reply, price) => {
    expect(inventedPrice(reply, passages)).toBe(price);
  });
});

import { lineCharges, refundAmountOf, shareInProportion } from './refund-amounts.ts';

describe('shareInProportion', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [4318, [2799, 1999], [2519, 1799]],
    [1, [1, 1], [1, 0]],
    [0, [2799, 1999], [0, 0]],
    [10, [0, 0], [5, 5]],
    [7, [0, 5], [0, 7]],
    [999, [2799, 1999, 4299], [307, 220, 472]],
  ])('shares %i over %j as %j, adding up to the total', (total, weights, expected) => {
    const shares = shareInProportion(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

const LINES = [
  { id: 'a', quantity: 1, unitAmount: 2799 },
  { id: 'b', quantity: 1, unitAmount: 1999 },
  { id: 'c', quantity: 2, unitAmount: 1000 },
];

describe('a line’s charge', () => {
  it('shares a discount and tax over the lines so that they add up exactly', () => {
    // 6798 of lines, 10 % off (680), then 317 of tax: 6435 charged.
    const order = { amountTotal: 6435, amountTax: 317 };
    const charges = [...lineCharges(order, LINES).values()];
    expect(charges.reduce((sum, charge) => sum + charge.amount, 0)).toBe(6435);
    expect(charges.reduce((sum, charge) => sum + charge.tax, 0)).toBe(317);
    expect(lineCharges(order, LINES).get('c')).toEqual({ amount: 1893, tax: 93 });
  });
});

describe('what a refund gives back', () => {
  const order = { amountTotal: 6435, amountTax: 317, amountRefunded: 0, taxRefunded: 0 };
  const lines = LINES.map((line) => ({ ...line, refunded: false }));

  it('gives one line its share of the total and tax', () => {
    expect(refundAmountOf(order, lines, new Set(['a']))).toEqual({
      amount: 2650,
      tax: 131,
      wholeOrder: false,
    });
  });

  it('gives back exactly what the order charged when refunded line by line', () => {
    let state = { ...order };
    let current = lines;
    let given = 0;
    for (const id of ['c', 'a', 'b']) {
      const refund = refundAmountOf(state, current, new Set([id]));
      given += refund.amount;
      state = {
        ...state,
        amountRefunded: state.amountRefunded + refund.amount,
        taxRefunded: state.taxRefunded + refund.tax,
      };
      current = current.map((line) => (line.id === id ? { ...line, refunded: true } : line));
    }
    expect(given).toBe(6435);
    expect(state.taxRefunded).toBe(317);
  });

  it('gives the rest of the order when the last lines are chosen', () => {
    const partly = { ...order, amountRefunded: 2650, taxRefunded: 131 };
    const left = lines.map((line) => ({ ...line, refunded: line.id === 'a' }));
    expect(refundAmountOf(partly, left, new Set(['b', 'c']))).toEqual({
      amount: 3785,
      tax: 186,
      wholeOrder: true,
    });
  });
});

import { chargedAmountLines } from './charged-amounts.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('chargedAmountLines', () => {
  it('lists the total alone when nothing changed it', () => {
    expect(
      chargedAmountLines(
        { amountSubtotal: 2799, amountDiscount: 0, amountTax: 0, amountTotal: 2799 },
        dollars,
      ),
    ).toEqual([{ label: 'Total', amount: '$27.99' }]);
  });

  it('shows the subtotal, a discount as a minus and tax before the total', () => {
    expect(
      chargedAmountLines(
        { amountSubtotal: 4299, amountDiscount: 430, amountTax: 851, amountTotal: 4720 },
        dollars,
      ),
    ).toEqual([
      { label: 'Subtotal', amount: '$42.99' },
      { label: 'Discount', amount: '−$4.30' },
      { label: 'Tax', amount: '$8.51' },
      { label: 'Total', amount: '$47.20' },
    ]);
  });

  it('leaves out the line of whichever of discount and tax is nothing', () => {
    const lines = chargedAmountLines(
      { amountSubtotal: 2799, amountDiscount: 0, amountTax: 588, amountTotal: 3387 },
      dollars,
    );
    expect(lines.map((line) => line.label)).toEqual(['Subtotal', 'Tax', 'Total']);
  });
});

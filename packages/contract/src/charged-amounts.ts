/**
 * What an order charged, as a receipt, the success page and the account page list it
 * (docs/product.md#charged-amounts). Free of the contract's schemas, so the storefront's pages
 * can use it without bundling them.
 */
import type { ChargedAmounts } from './orders.ts';

/**
 * How a receipt, the success page and the account page list what was charged: the total,
 * preceded by the subtotal and whatever changed it when a discount or tax did.
 */
export function chargedAmountLines(
  charged: Pick<ChargedAmounts, 'amountSubtotal' | 'amountDiscount' | 'amountTax' | 'amountTotal'>,
  money: (cents: number) => string,
): { label: 'Subtotal' | 'Discount' | 'Tax' | 'Total'; amount: string }[] {
  const total = { label: 'Total' as const, amount: money(charged.amountTotal) };
  if (charged.amountDiscount === 0 && charged.amountTax === 0) return [total];
  return [
    { label: 'Subtotal', amount: money(charged.amountSubtotal) },
    ...(charged.amountDiscount > 0
      ? [{ label: 'Discount' as const, amount: `−${money(charged.amountDiscount)}` }]
      : []),
    ...(charged.amountTax > 0 ? [{ label: 'Tax' as const, amount: money(charged.amountTax) }] : []),
    total,
  ];
}

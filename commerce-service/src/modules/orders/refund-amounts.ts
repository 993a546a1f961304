/**
 * What each line of an order was charged, when only the order's sums were kept
 * (docs/product.md#refunds-from-the-console): the total and the tax are shared out over the
 * lines in proportion to what each line cost before discount and tax, in whole cents, so that
 * the lines' shares add up exactly to the order's total and tax whatever the rounding.
 */

/**
 * Shares `total` out in proportion to `weights`, in whole units that add up to `total`: each
 * share rounded down, then the units left over go one each to the shares that lost the most to
 * the rounding (the largest remainders), earlier lines first on a tie. Without any weight the
 * total is shared equally.
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = sum > 0 ? weights : weights.map(() => 1);
  const partSum = sum > 0 ? sum : weights.length;
  const exact = parts.map((weight) => (total * weight) / partSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}

export interface ChargedLine {
  id: string;
  quantity: number;
  unitAmount: number;
}

/** Each line's share of the order's total (discount and tax included) and of its tax. */
export function lineCharges(
  order: { amountTotal: number; amountTax: number },
  lines: readonly ChargedLine[],
): Map<string, { amount: number; tax: number }> {
  const weights = lines.map((line) => line.quantity * line.unitAmount);
  const amounts = shareInProportion(order.amountTotal, weights);
  const taxes = shareInProportion(order.amountTax, weights);
  return new Map(
    lines.map((line, index) => [
      line.id,
      { amount: amounts[index] as number, tax: taxes[index] as number },
    ]),
  );
}

/**
 * What a refund of `chosen` lines gives back. The last lines left take whatever of the order's
 * total and tax is not refunded yet, so that refunding an order line by line gives back exactly
 * what it charged, and a refund of the rest after one made elsewhere never gives back more.
 */
export function refundAmountOf(
  order: { amountTotal: number; amountTax: number; amountRefunded: number; taxRefunded: number },
  lines: readonly (ChargedLine & { refunded: boolean })[],
  chosen: ReadonlySet<string>,
): { amount: number; tax: number; wholeOrder: boolean } {
  const wholeOrder = lines.every((line) => line.refunded || chosen.has(line.id));
  if (wholeOrder)
    return {
      amount: Math.max(0, order.amountTotal - order.amountRefunded),
      tax: Math.max(0, order.amountTax - order.taxRefunded),
      wholeOrder,
    };
  const charges = lineCharges(order, lines);
  let amount = 0;
  let tax = 0;
  for (const id of chosen) {
    amount += charges.get(id)?.amount ?? 0;
    tax += charges.get(id)?.tax ?? 0;
  }
  return { amount, tax, wholeOrder };
}

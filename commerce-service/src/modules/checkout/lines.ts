/** Turns what the browser asked for into priced checkout lines, with prices from the catalogue only. */
import { InvalidInputError } from '../../domain-errors.ts';
import type { CatalogueProduct } from '../catalogue/service.ts';
import type { ProductType } from '@aba-shop/contract';

export interface CheckoutLine {
  productId: string;
  name: string;
  type: ProductType;
  quantity: number;
  /** Cents, from the catalogue. */
  unitAmount: number;
}

export const MAX_QUANTITY = 10;

export function priceCheckoutLines(
  requested: { productId: string; quantity: number }[],
  catalogue: Map<string, CatalogueProduct>,
): {
  lines: CheckoutLine[];
  currency: string;
  amountTotal: number;
  mode: 'payment' | 'subscription';
} {
  const quantities = new Map<string, number>();
  for (const { productId, quantity } of requested) {
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  }
  const lines = [...quantities].map(([productId, quantity]) => {
    const product = catalogue.get(productId);
    if (!product) throw new InvalidInputError(`Unknown product: ${productId}`);
    if (quantity > MAX_QUANTITY) {
      throw new InvalidInputError(
        `At most ${MAX_QUANTITY} of ${product.name} can be bought at once`,
      );
    }
    return {
      productId,
      name: product.name,
      type: product.type,
      quantity,
      unitAmount: product.price,
    };
  });
  const currencies = new Set(lines.map((line) => catalogue.get(line.productId)?.currency));
  if (currencies.size !== 1)
    throw new InvalidInputError('All products of one checkout must share a currency');
  return {
    lines,
    currency: [...currencies][0] as string,
    amountTotal: lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
    mode: lines.some((line) => line.type === 'subscription') ? 'subscription' : 'payment',
  };
}

/**
 * An order's public number (docs/product.md#order-reference): `ABA-` and eight letters or
 * digits drawn at random, 40 bits, so that numbers say nothing about how many orders the shop
 * has taken. The unique index on `orders.number` turns the rare repeat into a failed
 * fulfilment, which is retried with a new draw.
 */
import { randomInt } from 'node:crypto';
import { ORDER_NUMBER_ALPHABET } from '@aba-shop/contract';

export function newOrderNumber(): string {
  const letters = Array.from(
    { length: 8 },
    () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)],
  ).join('');
  return `ABA-${letters.slice(0, 4)}-${letters.slice(4)}`;
}

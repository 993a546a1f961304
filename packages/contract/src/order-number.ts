/**
 * An order's public number, `ABA-K3QX-9PD2` (docs/product.md#order-reference): what every
 * printed or exported copy names the order by. It unlocks nothing; the checkout session id that
 * does travels only in the success redirect. Without zod, so that a page's form can read one
 * without the schemas.
 */

/**
 * The letters of an order number: Crockford's base 32, without I, L, O and U, so that a number
 * read out on the phone or copied from a printed page cannot be misread.
 */
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The number a buyer typed, as the shop writes it, or null when it is not one. Read as typed:
 * any case, spaces and dashes anywhere, O for 0 and I or L for 1.
 */
export function readOrderNumber(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^ABA[0-9A-HJKMNP-TV-Z]{8}$/.test(plain)) return null;
  return `ABA-${plain.slice(3, 7)}-${plain.slice(7)}`;
}

/** What a withdrawal names its contract by: the number, or the session id of older receipts. */
export function readOrderReference(typed: string): string | null {
  const trimmed = typed.trim();
  if (/^cs_[\w-]{1,250}$/.test(trimmed)) return trimmed;
  return readOrderNumber(trimmed);
}

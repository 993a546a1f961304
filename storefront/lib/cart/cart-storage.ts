/**
 * The cart as saved in localStorage. What is read back is checked line by line: data from an
 * older version, another script or a hand edit must never break the page, so anything that is
 * not a well-formed cart reads as an empty one and malformed lines are dropped. The check is
 * written out rather than done with zod: this module loads on every page, and zod would add
 * tens of kilobytes to each.
 */
import { MAX_LINE_QUANTITY, type CartItem } from './cart-item';

export const CART_STORAGE_KEY = 'aba-cart-v1';

const text = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** A stored line as a cart item, or null when any field is missing or out of range. */
function readStoredLine(entry: unknown): CartItem | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, name, description, price, quantity, image } = entry as Record<string, unknown>;
  const valid =
    text(id, 1, 64) &&
    text(name, 1, 200) &&
    (description === undefined || text(description, 0, 2000)) &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_LINE_QUANTITY &&
    text(image, 1, 500) &&
    image.startsWith('/');
  if (!valid) return null;
  const line: CartItem = { id, name, price, quantity, image };
  return description === undefined ? line : { ...line, description };
}

export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartItem[] = [];
  for (const entry of data) {
    const line = readStoredLine(entry);
    if (line && !lines.some((kept) => kept.id === line.id)) lines.push(line);
  }
  return lines;
}

export function serializeCart(lines: CartItem[]): string {
  return JSON.stringify(lines);
}

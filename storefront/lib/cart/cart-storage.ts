/**
 * The cart as saved in localStorage. What is read back is checked line by line: data from an
 * older version, another script or a hand edit must never break the page, so anything that is
 * not a well-formed cart reads as an empty one and malformed lines are dropped.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY, type CartItem } from './cart-item';

export const CART_STORAGE_KEY = 'aba-cart-v1';

const storedLineSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  price: z.number().finite().nonnegative(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  image: z.string().startsWith('/').max(500),
});

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
    const line = storedLineSchema.safeParse(entry);
    if (line.success && !lines.some((kept) => kept.id === line.data.id)) {
      const { description, ...rest } = line.data;
      lines.push(description === undefined ? rest : { ...rest, description });
    }
  }
  return lines;
}

export function serializeCart(lines: CartItem[]): string {
  return JSON.stringify(lines);
}

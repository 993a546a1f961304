/**
 * The cart's rules (docs/product.md#states) as one pure function, shared by every tab and
 * component.
 */
import { MAX_LINE_QUANTITY, type CartItem } from './cart-item';

export type CartAction =
  | { type: 'add'; item: Omit<CartItem, 'quantity'> }
  | { type: 'setQuantity'; id: string; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

export function cartReducer(lines: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add': {
      const present = lines.find((line) => line.id === action.item.id);
      if (!present) return [...lines, { ...action.item, quantity: 1 }];
      return lines.map((line) =>
        line.id === action.item.id
          ? { ...line, quantity: Math.min(line.quantity + 1, MAX_LINE_QUANTITY) }
          : line,
      );
    }
    case 'setQuantity': {
      if (!Number.isFinite(action.quantity)) return lines;
      const quantity = Math.min(Math.trunc(action.quantity), MAX_LINE_QUANTITY);
      if (quantity <= 0) return lines.filter((line) => line.id !== action.id);
      return lines.map((line) => (line.id === action.id ? { ...line, quantity } : line));
    }
    case 'remove':
      return lines.filter((line) => line.id !== action.id);
    case 'clear':
      return [];
  }
}

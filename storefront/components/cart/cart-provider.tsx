'use client';
/**
 * Gives every component the visitor's cart (docs/product.md#states). The cart lives in a small
 * store kept in localStorage and followed across tabs; this provider only hands that store down.
 */
import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CartItem } from '@/lib/cart/cart-item';
import { createCartStore, getServerCartSnapshot, type CartStore } from '@/lib/cart/cart-store';

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createCartStore());
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

export interface Cart {
  lines: CartItem[];
  add: (item: Omit<CartItem, 'quantity'>) => void;
  setQuantity: (id: string, quantity: number) => void;
  remove: (id: string) => void;
  clear: () => void;
}

export function useCart(): Cart {
  const store = useContext(CartContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>');
  const lines = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerCartSnapshot);
  return useMemo(
    () => ({
      lines,
      add: (item) => store.dispatch({ type: 'add', item }),
      setQuantity: (id, quantity) => store.dispatch({ type: 'setQuantity', id, quantity }),
      remove: (id) => store.dispatch({ type: 'remove', id }),
      clear: () => store.dispatch({ type: 'clear' }),
    }),
    [lines, store],
  );
}

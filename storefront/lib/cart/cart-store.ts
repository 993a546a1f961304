/**
 * The cart of this browser: one store per tab, kept in localStorage and followed across tabs
 * through the `storage` event. Components read it with useSyncExternalStore; the server and the
 * first client render see an empty cart, so hydration never mismatches.
 */
import { cartReducer, type CartAction } from './cart-reducer';
import type { CartItem } from './cart-item';
import { CART_STORAGE_KEY, parseStoredCart, serializeCart } from './cart-storage';

export interface CartStore {
  getSnapshot: () => CartItem[];
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: CartAction) => void;
}

const EMPTY: CartItem[] = [];

export const getServerCartSnapshot = () => EMPTY;

/** `target` is resolved on first use, so a store can be created during server rendering. */
export function createCartStore(getTarget: () => Window = () => window): CartStore {
  const listeners = new Set<() => void>();
  let lines: CartItem[] | null = null;

  // Private browsing or a full quota can make storage throw; the cart then lives in memory.
  const read = () => {
    try {
      return parseStoredCart(getTarget().localStorage.getItem(CART_STORAGE_KEY));
    } catch {
      return EMPTY;
    }
  };
  const write = (next: CartItem[]) => {
    try {
      getTarget().localStorage.setItem(CART_STORAGE_KEY, serializeCart(next));
    } catch {
      // Kept in memory for this tab only.
    }
  };
  const emit = () => listeners.forEach((listener) => listener());

  const onStorage = (event: StorageEvent) => {
    // key null means another tab cleared all of storage.
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    lines = parseStoredCart(event.newValue);
    emit();
  };

  return {
    getSnapshot: () => (lines ??= read()),
    subscribe(listener) {
      if (listeners.size === 0) {
        // Other tabs may have written while nobody here was listening.
        lines = null;
        getTarget().addEventListener('storage', onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) getTarget().removeEventListener('storage', onStorage);
      };
    },
    dispatch(action) {
      const current = lines ?? read();
      const next = cartReducer(current, action);
      if (next === current) return;
      lines = next;
      write(next);
      emit();
    },
  };
}

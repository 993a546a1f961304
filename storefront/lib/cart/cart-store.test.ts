import { CART_STORAGE_KEY } from './cart-storage';
import { createCartStore } from './cart-store';

const parents = { id: 'p', name: 'eBook ABA for Parents', price: 27.99, image: '/p.svg' };

beforeEach(() => localStorage.clear());

describe('createCartStore', () => {
  it('saves every change in localStorage', () => {
    const store = createCartStore();
    store.dispatch({ type: 'add', item: parents });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([
      { ...parents, quantity: 1 },
    ]);
  });

  it('starts from the saved cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...parents, quantity: 3 }]));
    expect(createCartStore().getSnapshot()).toEqual([{ ...parents, quantity: 3 }]);
  });

  it('ignores a corrupt saved cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    const store = createCartStore();
    expect(store.getSnapshot()).toEqual([]);
    store.dispatch({ type: 'add', item: parents });
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('returns the same snapshot until the cart changes', () => {
    const store = createCartStore();
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('follows a change made in another tab', () => {
    const store = createCartStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const newValue = JSON.stringify([{ ...parents, quantity: 2 }]);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual([{ ...parents, quantity: 2 }]);
    unsubscribe();
  });

  it('ignores changes to other storage keys', () => {
    const store = createCartStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '[]' }));
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('keeps working in memory when storage refuses to write', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const store = createCartStore();
    store.dispatch({ type: 'add', item: parents });
    expect(store.getSnapshot()).toEqual([{ ...parents, quantity: 1 }]);
    setItem.mockRestore();
  });
});

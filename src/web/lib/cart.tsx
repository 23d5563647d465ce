import { type ReactNode, createContext, use, useMemo, useState, useSyncExternalStore } from 'react';
import {
  type CartConflict,
  type CartOption,
  type CartItem,
  type CartState,
  type RepricedLine,
  CART_STORAGE_KEY,
  EMPTY_CART,
  addItem,
  clearCart,
  parseStoredCart,
  removeItem,
  repriceCart,
  startNewCart,
  updateQuantity,
  withTotals,
} from '../../domain/cart';

/**
 * The cart (docs/product/customer.md#cart) as a React context over one small store: the rules are the domain's
 * (src/domain/cart.ts); this file only keeps the state in local storage under `halalnosh-cart`,
 * with the restaurant it belongs to, and follows changes made in other tabs.
 */

/** The restaurant the cart's items come from, kept with the cart for its fee and minimum order. */
export type CartRestaurant = {
  id: string;
  slug: string;
  name: string;
  /** The branch's own delivery fee in pence (docs/product/customer.md#cart: the fee its card showed); null when unknown. */
  deliveryFeeMinor: number | null;
  minOrderMinor: number;
};

export type StoredCart = CartState & { restaurant: CartRestaurant | null };

/** What the menu adds: a menu item, without the cart's own fields. */
export type CartLineInput = {
  id: string;
  name: string;
  priceMinor: number;
  description?: string | null;
  /** For a line with options: the menu item (id is then the line's own id) and the options. */
  menuItemId?: string;
  options?: CartOption[];
};

export type AddOutcome = { ok: true } | { ok: false; conflict: CartConflict };

const EMPTY: StoredCart = { ...EMPTY_CART, restaurant: null };

function readRestaurant(text: string, cart: CartState): CartRestaurant | null {
  const first = cart.items[0];
  if (!first) return null;
  try {
    const r = (JSON.parse(text) as { restaurant?: Partial<CartRestaurant> }).restaurant;
    if (!r || r.id !== first.restaurantId || typeof r.slug !== 'string' || !r.slug) return null;
    return {
      id: r.id,
      slug: r.slug,
      name: typeof r.name === 'string' ? r.name : first.restaurantName,
      deliveryFeeMinor: typeof r.deliveryFeeMinor === 'number' && r.deliveryFeeMinor >= 0 ? r.deliveryFeeMinor : null,
      minOrderMinor: typeof r.minOrderMinor === 'number' && r.minOrderMinor >= 0 ? r.minOrderMinor : 0,
    };
  } catch {
    return null;
  }
}

/** Load cart: the stored state, or an empty cart (with a console message only) when it cannot be read. */
export function readStoredCart(): StoredCart {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (!text) return EMPTY;
  const cart = parseStoredCart(text);
  if (!cart) {
    console.warn('The stored cart could not be read; starting with an empty cart.');
    return EMPTY;
  }
  return { ...cart, restaurant: readRestaurant(text, cart) };
}

function writeStoredCart(cart: StoredCart): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Private mode or a full storage: the cart still works for this visit.
  }
}

type CartStore = {
  get: () => StoredCart;
  set: (next: StoredCart) => void;
  subscribe: (onChange: () => void) => () => void;
};

function createCartStore(): CartStore {
  let state = readStoredCart();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the cart (or cleared all storage): read it again.
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    state = readStoredCart();
    emit();
  };
  return {
    get: () => state,
    set: (next) => {
      state = next.items.length ? next : EMPTY;
      writeStoredCart(state);
      emit();
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export type Cart = {
  cart: StoredCart;
  /** Adds `quantity` of an item; another restaurant's item is refused with the conflict to ask about. */
  add: (item: CartLineInput, quantity: number, restaurant: CartRestaurant) => AddOutcome;
  /** After the customer agreed: empty the cart and start it with this item. */
  startNew: (item: CartLineInput, quantity: number, restaurant: CartRestaurant) => void;
  /** Replaces the whole cart with these lines of one restaurant (re-order). */
  fill: (restaurant: CartRestaurant, lines: Array<CartLineInput & { quantity: number }>) => void;
  setQuantity: (id: string, quantity: number) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Refreshes the stored restaurant facts (fee, minimum order) from the latest branch data. */
  updateRestaurant: (restaurant: CartRestaurant) => void;
  /** Takes the server's prices into the cart once the customer accepted them at checkout. */
  reprice: (lines: RepricedLine[]) => void;
};

const CartContext = createContext<Cart | null>(null);

function toItem(line: CartLineInput, restaurant: CartRestaurant): Omit<CartItem, 'quantity'> {
  return {
    id: line.id,
    name: line.name,
    priceMinor: line.priceMinor,
    description: line.description ?? null,
    ...(line.menuItemId ? { menuItemId: line.menuItemId } : {}),
    ...(line.options?.length ? { options: line.options } : {}),
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
  };
}

/** Holds the cart for the customer pages (the header badge, menu, cart and checkout). */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createCartStore);
  const cart = useSyncExternalStore(store.subscribe, store.get, () => EMPTY);

  const value = useMemo<Cart>(() => {
    const current = () => store.get();
    return {
      cart,
      add: (line, quantity, restaurant) => {
        const result = addItem(current(), toItem(line, restaurant), quantity);
        if (!result.ok) return { ok: false, conflict: result.conflict };
        store.set({ ...result.cart, restaurant });
        return { ok: true };
      },
      startNew: (line, quantity, restaurant) => {
        store.set({ ...startNewCart(toItem(line, restaurant), quantity), restaurant });
      },
      fill: (restaurant, lines) => {
        const items = lines
          .filter((l) => l.quantity > 0)
          .map((l) => ({ ...toItem(l, restaurant), quantity: Math.floor(l.quantity) }));
        store.set({ ...withTotals(items), restaurant });
      },
      setQuantity: (id, quantity) => {
        const c = current();
        store.set({ ...updateQuantity(c, id, quantity), restaurant: c.restaurant });
      },
      remove: (id) => {
        const c = current();
        store.set({ ...removeItem(c, id), restaurant: c.restaurant });
      },
      clear: () => store.set({ ...clearCart(), restaurant: null }),
      reprice: (lines) => {
        const c = current();
        store.set({ ...repriceCart(c, lines), restaurant: c.restaurant });
      },
      updateRestaurant: (restaurant) => {
        const c = current();
        if (c.items[0]?.restaurantId !== restaurant.id) return;
        const same =
          c.restaurant &&
          c.restaurant.slug === restaurant.slug &&
          c.restaurant.name === restaurant.name &&
          c.restaurant.deliveryFeeMinor === restaurant.deliveryFeeMinor &&
          c.restaurant.minOrderMinor === restaurant.minOrderMinor;
        if (!same) store.set({ ...c, restaurant });
      },
    };
  }, [cart, store]);

  return <CartContext value={value}>{children}</CartContext>;
}

/** The cart; throws when used outside CartProvider (docs/product/customer.md#cart). */
export function useCart(): Cart {
  const ctx = use(CartContext);
  if (!ctx) throw new Error('useCart must be used within the cart provider');
  return ctx;
}

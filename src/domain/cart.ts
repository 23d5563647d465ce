/**
 * The cart rules of docs/product/customer.md#cart, as pure functions over items priced in pence. The web app
 * keeps the state in local storage (`halalnosh-cart`); the server never trusts these prices and
 * reprices every order from the menu.
 */

import { lineId } from './menu-options';

export const CART_STORAGE_KEY = 'halalnosh-cart';

export type CartItem = {
  id: string;
  name: string;
  priceMinor: number;
  quantity: number;
  restaurantId: string;
  restaurantName: string;
  description?: string | null;
  /**
   * A line with options (docs/product/customer.md#item-options): `id` is the line's own id
   * (lineId in menu-options.ts), `menuItemId` the menu item, `priceMinor` includes the options.
   */
  menuItemId?: string;
  options?: CartOption[];
};

/** A chosen option as the cart keeps it: its id for the server, name and price to show. */
export type CartOption = { id: string; group: string; name: string; priceMinor: number };

export type CartState = { items: CartItem[]; totalMinor: number; itemCount: number };

/** What the UI asks about: the cart holds another restaurant's items. */
export type CartConflict = {
  currentRestaurantId: string;
  currentRestaurantName: string;
  newRestaurantId: string;
  newRestaurantName: string;
};

export type AddResult = { ok: true; cart: CartState } | { ok: false; conflict: CartConflict };

export const EMPTY_CART: CartState = { items: [], totalMinor: 0, itemCount: 0 };

/** Total (sum of price times quantity) and itemCount (sum of quantities), recomputed after every change. */
export function withTotals(items: CartItem[]): CartState {
  let totalMinor = 0;
  let itemCount = 0;
  for (const i of items) {
    totalMinor += i.priceMinor * i.quantity;
    itemCount += i.quantity;
  }
  return { items, totalMinor, itemCount };
}

/** The restaurant the cart belongs to, or null when it is empty. */
export function cartRestaurant(cart: CartState): { id: string; name: string } | null {
  const first = cart.items[0];
  return first ? { id: first.restaurantId, name: first.restaurantName } : null;
}

/**
 * Adds `quantity` (default 1, the menu stepper may add several at once) of an item: the same id
 * raises its quantity, a new id is appended. One restaurant per cart: an item of another
 * restaurant is not added and the conflict is reported for the UI to ask about.
 */
export function addItem(cart: CartState, item: Omit<CartItem, 'quantity'>, quantity = 1): AddResult {
  const current = cartRestaurant(cart);
  if (current && current.id !== item.restaurantId) {
    return {
      ok: false,
      conflict: {
        currentRestaurantId: current.id,
        currentRestaurantName: current.name,
        newRestaurantId: item.restaurantId,
        newRestaurantName: item.restaurantName,
      },
    };
  }
  const n = Math.floor(quantity);
  if (!(n >= 1)) return { ok: true, cart };
  const existing = cart.items.find((i) => i.id === item.id);
  const items = existing
    ? cart.items.map((i) => (i.id === item.id ? { ...i, quantity: i.quantity + n } : i))
    : [...cart.items, { ...item, quantity: n }];
  return { ok: true, cart: withTotals(items) };
}

/** After the customer confirms the conflict: empty the cart and start it with this item. */
export function startNewCart(item: Omit<CartItem, 'quantity'>, quantity = 1): CartState {
  const result = addItem(EMPTY_CART, item, quantity);
  return result.ok ? result.cart : EMPTY_CART;
}

/** Sets a line's quantity; 0 or less removes the line. */
export function updateQuantity(cart: CartState, id: string, quantity: number): CartState {
  if (quantity <= 0) return removeItem(cart, id);
  const n = Math.floor(quantity);
  return withTotals(cart.items.map((i) => (i.id === id ? { ...i, quantity: n } : i)));
}

export function removeItem(cart: CartState, id: string): CartState {
  return withTotals(cart.items.filter((i) => i.id !== id));
}

export function clearCart(): CartState {
  return EMPTY_CART;
}

/**
 * One stored line, checked field by field (the web app's first page loads this module, and a
 * schema library there would cost it 30 kB of gzip): ids non-empty, price a whole number of pence
 * from 0, quantity a whole number from 1. Unknown fields are dropped.
 */
function storedItem(raw: unknown): CartItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const text = (v: unknown): v is string => typeof v === 'string';
  const whole = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
  if (!text(r.id) || !r.id || !text(r.name) || !text(r.restaurantId) || !r.restaurantId || !text(r.restaurantName))
    return null;
  if (!whole(r.priceMinor, 0) || !whole(r.quantity, 1)) return null;
  if (r.description !== undefined && r.description !== null && !text(r.description)) return null;
  const item: CartItem = {
    id: r.id,
    name: r.name,
    priceMinor: r.priceMinor,
    quantity: r.quantity,
    restaurantId: r.restaurantId,
    restaurantName: r.restaurantName,
  };
  if (r.description !== undefined) item.description = r.description as string | null;
  if (r.menuItemId !== undefined) {
    if (!text(r.menuItemId) || !r.menuItemId) return null;
    item.menuItemId = r.menuItemId;
  }
  if (r.options !== undefined) {
    if (!Array.isArray(r.options)) return null;
    const options: CartOption[] = [];
    for (const o of r.options as Record<string, unknown>[]) {
      if (typeof o !== 'object' || o === null || !text(o.id) || !text(o.group) || !text(o.name)) return null;
      if (!whole(o.priceMinor, 0)) return null;
      options.push({ id: o.id, group: o.group, name: o.name, priceMinor: o.priceMinor });
    }
    item.options = options;
  }
  return item;
}

/**
 * Load cart: the stored JSON text replaces the state. Text that cannot be parsed, or a cart
 * mixing restaurants, gives null (the caller keeps the cart empty and only logs it).
 * Totals are recomputed rather than trusted.
 */
export function parseStoredCart(text: string | null): CartState | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const list = typeof raw === 'object' && raw !== null ? (raw as { items?: unknown }).items : undefined;
  if (!Array.isArray(list)) return null;
  const items: CartItem[] = [];
  for (const entry of list) {
    const item = storedItem(entry);
    if (!item) return null;
    items.push(item);
  }
  if (items.some((i) => i.restaurantId !== items[0].restaurantId)) return null;
  return withTotals(items);
}

/** A line as the server priced it now (POST /api/orders/quote), matched to the cart by `lineId`. */
export type RepricedLine = {
  lineId: string;
  unitPriceMinor: number;
  options: { group: string; name: string; priceMinor: number }[];
};

/** The id the server gives a cart line: its menu item, with its sorted option ids when it has options. */
export function cartLineId(item: Pick<CartItem, 'id' | 'menuItemId' | 'options'>): string {
  return lineId(
    item.menuItemId ?? item.id,
    (item.options ?? []).map((o) => o.id),
  );
}

/** One cart line whose price moved since it was added: what the cart showed and what it costs now. */
export type PriceChange = { id: string; name: string; quantity: number; oldMinor: number; newMinor: number };

/**
 * The cart's lines whose unit price differs from the server's quote, in cart order
 * (docs/decisions/0209-checkout-reprices-before-placing.md). Lines the quote does not name are left out.
 */
export function priceChanges(items: CartItem[], quoted: RepricedLine[]): PriceChange[] {
  const byId = new Map(quoted.map((q) => [q.lineId, q]));
  const changes: PriceChange[] = [];
  for (const i of items) {
    const q = byId.get(cartLineId(i));
    if (q && q.unitPriceMinor !== i.priceMinor)
      changes.push({
        id: i.id,
        name: i.name,
        quantity: i.quantity,
        oldMinor: i.priceMinor,
        newMinor: q.unitPriceMinor,
      });
  }
  return changes;
}

/** The cart at the quote's prices: each named line's unit price and its options' prices, totals recomputed. */
export function repriceCart(cart: CartState, quoted: RepricedLine[]): CartState {
  const byId = new Map(quoted.map((q) => [q.lineId, q]));
  return withTotals(
    cart.items.map((i) => {
      const q = byId.get(cartLineId(i));
      if (!q) return i;
      const options = i.options?.map((o) => {
        const now = q.options.find((x) => x.group === o.group && x.name === o.name);
        return now ? { ...o, priceMinor: now.priceMinor } : o;
      });
      return { ...i, priceMinor: q.unitPriceMinor, ...(options ? { options } : {}) };
    }),
  );
}

import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  type CartItem,
  type CartState,
  addItem,
  clearCart,
  parseStoredCart,
  priceChanges,
  removeItem,
  repriceCart,
  startNewCart,
  updateQuantity,
  withTotals,
} from './cart';

const wrap = {
  id: 'i1',
  name: 'Chicken Wrap',
  priceMinor: 650,
  restaurantId: 'r1',
  restaurantName: 'Kervan (Dalston)',
};
const tea = { id: 'i2', name: 'Turkish Tea', priceMinor: 199, restaurantId: 'r1', restaurantName: 'Kervan (Dalston)' };
const other = {
  id: 'i9',
  name: 'Lamb Tagine',
  priceMinor: 1295,
  restaurantId: 'r2',
  restaurantName: 'Marrakech (Brick Lane)',
};

function add(cart: CartState, item: typeof wrap, n?: number): CartState {
  const r = addItem(cart, item, n);
  if (!r.ok) throw new Error('unexpected conflict');
  return r.cart;
}

describe('cart', () => {
  it('appends a new item with quantity 1', () => {
    const cart = add(EMPTY_CART, wrap);
    expect(cart.items).toEqual([{ ...wrap, quantity: 1 }]);
    expect(cart).toMatchObject({ totalMinor: 650, itemCount: 1 });
  });

  it('raises the quantity by 1 when the same id is added again', () => {
    const cart = add(add(EMPTY_CART, wrap), wrap);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].quantity).toBe(2);
    expect(cart.totalMinor).toBe(1300);
  });

  it('adds several at once from the menu stepper', () => {
    const cart = add(add(EMPTY_CART, wrap, 3), tea, 2);
    expect(cart).toMatchObject({ totalMinor: 3 * 650 + 2 * 199, itemCount: 5 });
    expect(add(cart, wrap, 2).items[0].quantity).toBe(5);
  });

  it('ignores an add of 0 (the Add button is disabled at 0)', () => {
    expect(add(EMPTY_CART, wrap, 0)).toBe(EMPTY_CART);
  });

  it("reports a conflict instead of mixing two restaurants' items", () => {
    const cart = add(EMPTY_CART, wrap);
    const r = addItem(cart, other);
    expect(r).toEqual({
      ok: false,
      conflict: {
        currentRestaurantId: 'r1',
        currentRestaurantName: 'Kervan (Dalston)',
        newRestaurantId: 'r2',
        newRestaurantName: 'Marrakech (Brick Lane)',
      },
    });
  });

  it('starts a new cart with the other restaurant’s item once the customer agrees', () => {
    expect(startNewCart(other, 2)).toMatchObject({
      items: [{ id: 'i9', quantity: 2 }],
      totalMinor: 2590,
      itemCount: 2,
    });
  });

  it('sets a quantity, and removes the line at 0 or less', () => {
    const cart = add(add(EMPTY_CART, wrap), tea);
    expect(updateQuantity(cart, 'i1', 4)).toMatchObject({ totalMinor: 4 * 650 + 199, itemCount: 5 });
    expect(updateQuantity(cart, 'i1', 0).items.map((i) => i.id)).toEqual(['i2']);
    expect(updateQuantity(cart, 'i1', -1).items.map((i) => i.id)).toEqual(['i2']);
  });

  it('removes a line by id and recomputes the totals', () => {
    const cart = removeItem(add(add(EMPTY_CART, wrap), tea), 'i2');
    expect(cart).toMatchObject({ totalMinor: 650, itemCount: 1 });
  });

  it('clears to no items, total 0 and itemCount 0', () => {
    expect(clearCart()).toEqual({ items: [], totalMinor: 0, itemCount: 0 });
  });

  it('loads a stored cart and recomputes its totals', () => {
    const stored = JSON.stringify({ items: [{ ...wrap, quantity: 2 }], totalMinor: 1, itemCount: 99 });
    expect(parseStoredCart(stored)).toMatchObject({ totalMinor: 1300, itemCount: 2 });
  });

  it('gives null for stored text that cannot be parsed or is not a cart', () => {
    expect(parseStoredCart('{not json')).toBeNull();
    expect(parseStoredCart(JSON.stringify({ items: [{ id: 'x' }] }))).toBeNull();
    expect(parseStoredCart(null)).toBeNull();
    expect(
      parseStoredCart(
        JSON.stringify({
          items: [
            { ...wrap, quantity: 1 },
            { ...other, quantity: 1 },
          ],
        }),
      ),
    ).toBeNull();
    expect(parseStoredCart(JSON.stringify({ items: 'nope' }))).toBeNull();
    expect(parseStoredCart(JSON.stringify([]))).toBeNull();
    expect(parseStoredCart(JSON.stringify({ items: [null] }))).toBeNull();
    for (const bad of [
      { quantity: 1.5 },
      { quantity: 0 },
      { priceMinor: -1 },
      { priceMinor: '650' },
      { id: '' },
      { restaurantId: 7 },
      { description: 3 },
    ]) {
      expect(
        parseStoredCart(JSON.stringify({ items: [{ ...wrap, quantity: 1, ...bad }] })),
        JSON.stringify(bad),
      ).toBeNull();
    }
  });

  it('keeps only the fields of a line, with a null or missing description', () => {
    const cart = parseStoredCart(JSON.stringify({ items: [{ ...wrap, quantity: 1, description: null, extra: 'x' }] }));
    expect(cart?.items[0]).toEqual({ ...wrap, quantity: 1, description: null });
    expect(parseStoredCart(JSON.stringify({ items: [] }))).toEqual({ items: [], totalMinor: 0, itemCount: 0 });
  });
});

describe('lines with options', () => {
  const large = { id: 'o1', group: 'Size', name: 'Large', priceMinor: 250 };
  const regular = { id: 'o2', group: 'Size', name: 'Regular', priceMinor: 0 };
  const line = (options: (typeof large)[]) => ({
    ...tea,
    id: `i2~${options.map((o) => o.id).join('.')}`,
    menuItemId: 'i2',
    priceMinor: 199 + options.reduce((s, o) => s + o.priceMinor, 0),
    options,
  });

  it('keeps the same item with other options on another line, and its price with the options', () => {
    let cart = add(EMPTY_CART, line([large]) as never);
    cart = add(cart, line([regular]) as never);
    cart = add(cart, line([large]) as never);
    expect(cart.items.map((i) => [i.options?.[0].name, i.quantity])).toEqual([
      ['Large', 2],
      ['Regular', 1],
    ]);
    expect(cart.totalMinor).toBe(449 * 2 + 199);
  });

  it('reads stored lines with options back, and refuses a malformed option', () => {
    const stored = JSON.stringify({ items: [{ ...line([large]), quantity: 1 }] });
    expect(parseStoredCart(stored)?.items[0]).toMatchObject({ menuItemId: 'i2', options: [large] });
    const bad = JSON.stringify({ items: [{ ...line([large]), options: [{ id: 'o1', priceMinor: -1 }], quantity: 1 }] });
    expect(parseStoredCart(bad)).toBeNull();
  });
});

describe('re-pricing from the server (docs/decisions/0209-checkout-reprices-before-placing.md)', () => {
  // A real change: the partner raised "Lamb chops" from £4.00 to £4.50 while the wrap sat in the cart.
  const wrap: CartItem = {
    id: 'wrap~chops',
    menuItemId: 'wrap',
    name: 'Chicken Wrap',
    priceMinor: 1050,
    quantity: 2,
    restaurantId: 'r1',
    restaurantName: 'Kervan',
    options: [{ id: 'chops', group: 'Add a side', name: 'Lamb chops', priceMinor: 400 }],
  };
  const tea: CartItem = {
    id: 'tea',
    name: 'Turkish Tea',
    priceMinor: 199,
    quantity: 1,
    restaurantId: 'r1',
    restaurantName: 'Kervan',
  };
  const quoted = [
    {
      lineId: 'wrap~chops',
      unitPriceMinor: 1100,
      options: [{ group: 'Add a side', name: 'Lamb chops', priceMinor: 450 }],
    },
    { lineId: 'tea', unitPriceMinor: 199, options: [] },
  ];

  it('lists only the lines whose price moved, old and new', () => {
    expect(priceChanges([wrap, tea], quoted)).toEqual([
      { id: 'wrap~chops', name: 'Chicken Wrap', quantity: 2, oldMinor: 1050, newMinor: 1100 },
    ]);
  });

  it('takes the new prices into the cart, options included, and recomputes the total', () => {
    const next = repriceCart(withTotals([wrap, tea]), quoted);
    expect(next.totalMinor).toBe(2 * 1100 + 199);
    expect(next.items[0].options?.[0].priceMinor).toBe(450);
    expect(priceChanges(next.items, quoted)).toEqual([]);
  });
});

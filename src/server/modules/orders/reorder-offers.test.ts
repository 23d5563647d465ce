import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, pickupBody, place, seedShop } from './test-fixtures';

/*
 * "Order again" with restaurant offers (docs/decisions/0272-order-again-with-offers.md): the lines
 * are priced again today, and the answer compares the offer the order had with the one they get
 * now, so the customer is told when one has ended or started. On PGlite or, with DATABASE_URL,
 * PostgreSQL.
 */

let t: TestApp;
let shop: Shop;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'again@example.com', userType: 'customer', name: 'Maryam Iqbal' });
  customer = await signIn(t, 'again@example.com');
}, 120_000);
afterAll(async () => t?.close());

async function newOffer(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/brands/${shop.brand.id}/offers`,
    headers: { cookie: shop.partner.cookie },
    payload: { startsOn: '2026-01-01', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().offer as { id: string; label: string };
}
async function endOffer(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/offers/${id}/end`,
    headers: { cookie: shop.partner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function orderAgain(orderNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderNumber}/reorder`,
    headers: { cookie: customer },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    available: { menuItemId: string; priceMinor: number; quantity: number }[];
    offer: { then: { label: string; savingMinor: number } | null; now: { label: string; savingMinor: number } | null };
  };
}
async function quoteTotal(lines: { menuItemId: string; quantity: number }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    payload: {
      siteId: shop.site.id,
      orderType: 'PICKUP',
      items: lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quote as { totalMinor: number; offer: { label: string } | null };
}

// 2 × Chicken Wrap (£6.50) and a Turkish Tea (£1.99): £14.99 of food.
const body = () => pickupBody(shop);

describe('Order again when the offer has changed', () => {
  it('an offer that ended since the order: told it no longer applies, and the cart is priced without it', async () => {
    const percent = await newOffer({ kind: 'percent_off', percent: 20 });
    const placed = await place(t, body(), { cookie: customer });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    expect(order.offer).toMatchObject({ label: '20% off', discountMinor: 299 });
    await endOffer(percent.id);

    const again = await orderAgain(order.orderNumber);
    expect(again.offer).toEqual({ then: { label: '20% off', savingMinor: 299 }, now: null });
    const quote = await quoteTotal(again.available);
    expect(quote.offer).toBeNull();
    expect(quote.totalMinor).toBeGreaterThan(order.totalMinor);
  });

  it('an offer that started since the order: told it applies now, with what it saves', async () => {
    const placed = await place(t, body(), { cookie: customer });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json();
    expect(order.offer ?? null).toBeNull();
    const fiver = await newOffer({ kind: 'amount_off', amountMinor: 500, minSpendMinor: 1000 });
    try {
      const again = await orderAgain(order.orderNumber);
      expect(again.offer).toEqual({ then: null, now: { label: '£5 off when you spend £10', savingMinor: 500 } });
      const quote = await quoteTotal(again.available);
      expect(quote.offer?.label).toBe('£5 off when you spend £10');
      expect(quote.totalMinor).toBe(order.totalMinor - 500);
    } finally {
      await endOffer(fiver.id);
    }
  });

  it('one offer gave way to another: both are named', async () => {
    const percent = await newOffer({ kind: 'percent_off', percent: 10 });
    const { order } = (await place(t, body(), { cookie: customer })).json();
    await endOffer(percent.id);
    const fiver = await newOffer({ kind: 'amount_off', amountMinor: 500, minSpendMinor: 1000 });
    try {
      const again = await orderAgain(order.orderNumber);
      expect(again.offer).toEqual({
        then: { label: '10% off', savingMinor: 149 },
        now: { label: '£5 off when you spend £10', savingMinor: 500 },
      });
    } finally {
      await endOffer(fiver.id);
    }
  });
});

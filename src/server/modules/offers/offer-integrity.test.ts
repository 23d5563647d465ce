import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, act, deliveryBody, place, seedShop, settle } from '../orders/test-fixtures';

/*
 * Offers cannot make money from nothing (docs/product/offers.md#who-pays): a free-delivery order
 * still carries the branch's delivery fee, paid by the restaurant through its offer, and the
 * driver's job is priced from it exactly as without the offer. On PGlite or, with DATABASE_URL,
 * PostgreSQL.
 */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
}, 120_000);
afterAll(async () => t?.close());

async function acceptedJob(orderId: string) {
  await settle(t, orderId);
  const res = await act(t, shop.partner.cookie, orderId, { action: 'accept', prepTimeMinutes: 15 });
  expect(res.statusCode, res.body).toBe(200);
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId));
  return job;
}

describe('a free-delivery offer and the driver', () => {
  it('keeps the fee on the order, charges it to the restaurant and pays the driver as without the offer', async () => {
    const plain = (await place(t, deliveryBody(shop))).json().order;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/partner/brands/${shop.brand.id}/offers`,
      headers: { cookie: shop.partner.cookie },
      payload: { kind: 'free_delivery', minSpendMinor: 1000, startsOn: '2026-01-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const free = await place(t, deliveryBody(shop));
    expect(free.statusCode, free.body).toBe(201);
    const offered = free.json().order;

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, offered.id));
    // The fee stays the branch's; the offer takes it off what the customer pays, at the restaurant's cost.
    expect(row.deliveryFeeMinor).toBe(249);
    expect(row.offerDeliveryDiscountMinor).toBe(249);
    expect(row.totalMinor).toBe(row.subtotalMinor + row.serviceFeeMinor);
    expect(plain.totalMinor - row.totalMinor).toBe(249);

    const withOffer = await acceptedJob(offered.id);
    const without = await acceptedJob(plain.id);
    expect(withOffer.totalPayMinor).toBeGreaterThan(0);
    expect(withOffer.totalPayMinor).toBe(without.totalPayMinor);
  });
});

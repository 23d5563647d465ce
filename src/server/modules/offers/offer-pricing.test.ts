import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf } from '../../../domain/ledger';
import { londonDate } from '../../../domain/reports';
import { notificationOutbox, orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { adminsOfEveryRole, call as adminCall } from '../admin/test-fixtures';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, setSetting, settle } from '../orders/test-fixtures';

/*
 * Restaurant offers priced by the server, stored on the order, shown on its receipt and funded in the
 * restaurant's statement to the penny (docs/decisions/0250-restaurant-offers-pricing.md).
 */

let t: TestApp;
let shop: Shop;
const today = () => londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
});
afterAll(async () => t.close());

async function newOffer(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/brands/${shop.brand.id}/offers`,
    headers: { cookie: shop.partner.cookie },
    payload: { startsOn: '2026-01-01', ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().offer as { id: string; label: string };
}
async function endOffer(id: string) {
  await t.app.inject({
    method: 'POST',
    url: `/api/partner/offers/${id}/end`,
    headers: { cookie: shop.partner.cookie },
  });
}
async function quote(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    payload: { siteId: body.siteId, orderType: body.orderType, items: body.items },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quote;
}
async function collect(orderId: string) {
  for (const action of ['accept', 'start_preparing', 'mark_ready', 'mark_collected']) {
    await settle(t, orderId);
    const res = await act(
      t,
      shop.partner.cookie,
      orderId,
      action === 'accept' ? { action, prepTimeMinutes: 15 } : { action },
    );
    if (res.statusCode !== 200) throw new Error(`${action}: ${res.body}`);
  }
}

describe('an offer priced by the server', () => {
  it('percentage off with a cap: quoted, placed at the confirmed total, stored, on the order and the receipt', async () => {
    // 2 wraps (£13.00) and a tea (£1.99): £14.99; 20% = 299.8p, rounded down to 299p (under the £5 cap).
    const offer = await newOffer({ kind: 'percent_off', percent: 20, capMinor: 500 });
    const q = await quote(deliveryBody(shop));
    expect(q.offer).toEqual({ id: offer.id, label: '20% off, up to £5', discountMinor: 299, deliveryDiscountMinor: 0 });
    expect(q.totalMinor).toBe(1499 + 249 + q.serviceFeeMinor - 299);

    const placed = await place(
      t,
      deliveryBody(shop, { customerEmail: 'aisha@example.com', expectedTotalMinor: q.totalMinor }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const view = placed.json().order;
    expect(view).toMatchObject({
      subtotalMinor: 1499,
      deliveryFeeMinor: 249,
      totalMinor: q.totalMinor,
      offer: { label: '20% off, up to £5', discountMinor: 299, deliveryDiscountMinor: 0 },
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, view.id));
    expect(row).toMatchObject({ offerId: offer.id, offerLabel: '20% off, up to £5', offerDiscountMinor: 299 });
    const [receipt] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.eventId, `order:${view.id}:placed`));
    expect(receipt.payload.text).toContain('Offer (20% off, up to £5): -£2.99');
    await endOffer(offer.id);
  });

  it('the client never sends a discount', async () => {
    const res = await place(t, deliveryBody(shop, { offerDiscountMinor: 1000 }));
    expect(res.statusCode).toBe(400);
  });

  it('free delivery: the customer pays no fee, the order keeps the branch’s fee for the driver', async () => {
    const offer = await newOffer({ kind: 'free_delivery', minSpendMinor: 1000 });
    const q = await quote(deliveryBody(shop));
    expect(q.offer).toMatchObject({ label: 'Free delivery when you spend £10', deliveryDiscountMinor: 249 });
    expect(q.deliveryFeeMinor).toBe(249);
    expect(q.totalMinor).toBe(1499 + q.serviceFeeMinor);
    // Pickup pays no delivery fee: the offer saves nothing there.
    expect((await quote(pickupBody(shop))).offer).toBeNull();
    await endOffer(offer.id);
  });

  it('an offer that starts after checkout opened is a new price, shown before any order is made', async () => {
    const before = await quote(pickupBody(shop));
    expect(before.offer).toBeNull();
    const offer = await newOffer({ kind: 'amount_off', amountMinor: 300, minSpendMinor: 1200 });
    const res = await place(t, pickupBody(shop, { expectedTotalMinor: before.totalMinor }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.quote.offer).toMatchObject({
      label: '£3 off when you spend £12',
      discountMinor: 300,
    });
    await endOffer(offer.id);
  });

  it('never brings the food below the platform floor', async () => {
    await setSetting(t, 'order_floor_minor', 1400);
    try {
      const offer = await newOffer({ kind: 'percent_off', percent: 50 });
      const q = await quote(pickupBody(shop));
      // £14.99 of food, floor £14.00: only 99p may come off.
      expect(q.offer.discountMinor).toBe(99);
      await endOffer(offer.id);
    } finally {
      await setSetting(t, 'order_floor_minor', 100);
    }
  });
});

describe('the offer badge on the restaurant page', () => {
  it('is the server’s text, shown as soon as the partner makes the offer and gone when it ends', async () => {
    const page = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${shop.site.slug}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().restaurant.offerLabel;
    };
    expect(await page()).toBeNull();
    const offer = await newOffer({ kind: 'percent_off', percent: 20, capMinor: 500 });
    // The cached answer is dropped by the offers table's catalog-version trigger.
    expect(await page()).toBe('20% off, up to £5');
    await endOffer(offer.id);
    expect(await page()).toBeNull();
    // An offer that has not started shows nothing yet.
    const later = await newOffer({ kind: 'free_delivery', startsOn: '2099-01-01' });
    expect(await page()).toBeNull();
    await endOffer(later.id);
  });
});

describe('restaurant-funded offers in the statement and the reconciliation', () => {
  it('shows food sales, the offer’s cost and commission on the food before the offer, to the penny', async () => {
    const offer = await newOffer({ kind: 'amount_off', amountMinor: 250, minSpendMinor: 1000 });
    const placed = (await place(t, pickupBody(shop))).json().order;
    expect(placed.offer.discountMinor).toBe(250);
    await collect(placed.id);
    await endOffer(offer.id);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json().totals;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    const commission = percentOf(1499, row.commissionPercent);
    expect(totals).toMatchObject({
      orders: 1,
      foodSalesMinor: 1499,
      offerCostMinor: 250,
      commissionMinor: commission,
      collectedByRestaurantMinor: row.totalMinor,
      netOwedMinor: 1499 - 250 - commission - row.totalMinor,
    });
    // The customer paid food and fees less the offer, in the restaurant's till.
    expect(row.totalMinor).toBe(1499 + row.serviceFeeMinor - 250);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/statement/export?from=${today()}&to=${today()}`,
      headers: { cookie: shop.partner.cookie },
    });
    expect(csv.body.trim().split('\r\n').at(-1)).toContain(',total,1,14.99,2.50,');

    const admins = await adminsOfEveryRole(t);
    const rec = await adminCall(
      t,
      admins.finance,
      'GET',
      `/api/admin/finance/reconciliation?from=${today()}&to=${today()}`,
    );
    expect(rec.statusCode, rec.body).toBe(200);
    const r = rec.json().totals;
    expect(r.offerCostMinor).toBe(250);
    expect(r.customerTotalsMinor).toBe(r.foodSalesMinor + r.deliveryFeesMinor + r.serviceFeesMinor - r.offerCostMinor);
    expect(r.reconciles).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/order-flow';
import type { AdminRole } from '../../../domain/roles';
import { orderEtas, orderPredictions, orderStatusHistory, orders, sites } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, seedShop } from '../orders/test-fixtures';
import { type Caller, adminsOfEveryRole, call } from './test-fixtures';

let t: TestApp;
let admins: Record<AdminRole, Caller>;
let shop: Shop;
let leedsSiteId: string;

/** An order placed at `at`, with its final status, delivery minutes and lateness. */
async function order(
  siteId: string,
  at: string,
  status: OrderStatus,
  totalMinor: number,
  opts: { deliveredAfterMin?: number; late?: boolean } = {},
) {
  const createdAt = new Date(at);
  const [o] = await t.database.db
    .insert(orders)
    .values({
      orderNumber: `HN-T${randomUUID().slice(0, 8)}`,
      customerName: 'Test',
      customerPhone: '07700 900000',
      siteId,
      subtotalMinor: totalMinor,
      deliveryFeeMinor: 0,
      totalMinor,
      orderType: status === 'COLLECTED' ? 'PICKUP' : 'DELIVERY',
      deliveryVerificationCode: '1234',
      status,
      estimatedDeliveryTime: 30,
      createdAt,
    })
    .returning();
  if (opts.deliveredAfterMin !== undefined) {
    await t.database.db.insert(orderStatusHistory).values({
      orderId: o.id,
      status: 'DELIVERED',
      createdAt: new Date(createdAt.getTime() + opts.deliveredAfterMin * 60_000),
    });
  }
  if (opts.late !== undefined) {
    await t.database.db.insert(orderEtas).values({
      orderId: o.id,
      initialEta: createdAt,
      currentEta: createdAt,
      etaSource: 'fallback',
      isLate: opts.late,
    });
  }
  return o.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  shop = await seedShop(t);
  const [leeds] = await t.database.db
    .insert(sites)
    .values({
      brandId: shop.brand.id,
      name: 'Headingley',
      slug: `leeds-${shop.tag}`,
      address: '1 Otley Road',
      city: 'Leeds',
      openingHours: shop.site.openingHours,
    })
    .returning();
  leedsSiteId = leeds.id;
  // 1 July 2025 (BST): 23:30 UTC on 30 June is already 1 July in London.
  await order(shop.site.id, '2025-06-30T23:30:00Z', 'DELIVERED', 2000, { deliveredAfterMin: 30, late: false });
  await order(shop.site.id, '2025-07-01T12:00:00Z', 'DELIVERED', 1000, { deliveredAfterMin: 50, late: true });
  await order(shop.site.id, '2025-07-01T13:00:00Z', 'REJECTED', 5000);
  await order(leedsSiteId, '2025-07-03T10:00:00Z', 'COLLECTED', 1500);
  await order(leedsSiteId, '2025-07-03T11:00:00Z', 'PREPARING', 700, { late: false });
  // Outside the range.
  await order(shop.site.id, '2025-06-30T22:30:00Z', 'DELIVERED', 9999, { deliveredAfterMin: 10 });
});
afterAll(async () => t.close());

describe('GET /api/admin/reports', () => {
  it('counts orders, revenue of delivered and collected orders, delivery time and late share by London day', async () => {
    const res = await call(t, admins.finance, 'GET', '/api/admin/reports?from=2025-07-01&to=2025-07-03');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.byDay.map((d: { key: string }) => d.key)).toEqual(['2025-07-01', '2025-07-02', '2025-07-03']);
    expect(r.byDay[0]).toMatchObject({
      orders: 3,
      completedOrders: 2,
      revenueMinor: 3000,
      avgDeliveryMinutes: 40,
      lateOrders: 1,
      ordersWithEta: 2,
      lateShare: 0.5,
    });
    expect(r.byDay[1]).toMatchObject({ orders: 0, revenueMinor: 0, avgDeliveryMinutes: null, lateShare: null });
    expect(r.byDay[2]).toMatchObject({
      orders: 2,
      completedOrders: 1,
      revenueMinor: 1500,
      avgDeliveryMinutes: null,
      lateOrders: 0,
      ordersWithEta: 1,
      lateShare: 0,
    });
    expect(r.totals).toMatchObject({ orders: 5, revenueMinor: 4500, lateOrders: 1, ordersWithEta: 3 });
  });

  it('breaks the range down by site and by city', async () => {
    const r = (await call(t, admins.ops_manager, 'GET', '/api/admin/reports?from=2025-07-01&to=2025-07-03')).json();
    expect(r.bySite.map((s: { label: string; revenueMinor: number }) => [s.label, s.revenueMinor])).toEqual([
      [shop.siteName, 3000],
      [`${shop.brand.name} (Headingley)`, 1500],
    ]);
    expect(r.byCity.map((c: { label: string; orders: number }) => [c.label, c.orders])).toEqual([
      ['London', 3],
      ['Leeds', 2],
    ]);
  });

  it('exports the same report as CSV', async () => {
    const res = await call(t, admins.super_admin, 'GET', '/api/admin/reports/export?from=2025-07-01&to=2025-07-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="halalnosh-report-2025-07-01-to-2025-07-03.csv"',
    );
    const lines = res.body.trim().split('\r\n');
    // The prediction columns stay empty on the order lines (docs/decisions/0283-learned-travel-and-fair-earnings.md).
    expect(lines[1]).toBe('day,2025-07-01,2025-07-01,3,2,30.00,40.0,1,2,50.0,,,,');
    expect(lines).toContain('total,all,All orders,5,3,45.00,40.0,1,3,33.3,,,,');
    // No order accepted in the range: the prediction totals are there with nought counted.
    expect(lines.at(-1)).toBe('prediction_total,to_pickup,"Travel time, driver to restaurant",,,,,,,,0,,,');
  });

  it('refuses a bad range and the roles without reports', async () => {
    const bad = await call(t, admins.finance, 'GET', '/api/admin/reports?from=2025-07-05&to=2025-07-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The start date must be on or before the end date');
    for (const role of ['cs_agent', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/reports')).statusCode).toBe(403);
      expect((await call(t, admins[role], 'GET', '/api/admin/reports/export')).statusCode).toBe(403);
    }
    const def = (await call(t, admins.finance, 'GET', '/api/admin/reports')).json();
    expect(def.byDay).toHaveLength(7);
  });

  it('shows how far the predictions were from what happened, for orders accepted in the range', async () => {
    const predicted = async (
      at: string,
      prep: [chosen: number, predicted: number, actual: number | null],
      travel: [predicted: number, actual: number | null] | null,
      toPickup: [predicted: number, actual: number | null] | null = null,
    ) =>
      t.database.db.insert(orderPredictions).values({
        orderId: await order(shop.site.id, at, 'DELIVERED', 1000),
        siteId: shop.site.id,
        acceptedAt: new Date(at),
        acceptHour: 13,
        chosenPrepMinutes: prep[0],
        predictedPrepMinutes: prep[1],
        prepSource: 'hour',
        actualPrepMinutes: prep[2],
        predictedTravelMinutes: travel?.[0] ?? null,
        travelSource: travel ? 'fallback' : null,
        actualTravelMinutes: travel?.[1] ?? null,
        predictedToPickupMinutes: toPickup?.[0] ?? null,
        toPickupSource: toPickup ? 'road_factor' : null,
        actualToPickupMinutes: toPickup?.[1] ?? null,
      });
    await predicted('2025-08-01T12:00:00Z', [15, 18, 20], [6, 9], [4, 5]);
    await predicted('2025-08-01T12:10:00Z', [15, 18, 17], [6, 5], [4, 12]);
    await predicted('2025-08-01T12:20:00Z', [20, 20, 26], null);
    await predicted('2025-08-01T12:30:00Z', [10, 10, null], [6, null]); // not ready yet
    await predicted('2025-08-01T23:30:00Z', [10, 10, 40], [6, 30]); // 2 August in London: outside
    await predicted('2025-07-31T12:00:00Z', [10, 12, 13], [8, 18]); // the day before
    const r = (await call(t, admins.ops_manager, 'GET', '/api/admin/reports?from=2025-08-01&to=2025-08-01')).json();
    // Prep, actual less predicted: +2, −1, +6; less the kitchen's choice: +5, +2, +6; travel: +3, −1;
    // to the restaurant: +1, +8. The 90th percentile interpolates as PostgreSQL's percentile_cont:
    // |errors| 1, 2, 6 → 2 + 0.8 × 4 = 5.2; 2, 5, 6 → 5.8; 1, 3 → 2.8; 1, 8 → 7.3.
    expect(r.predictions).toEqual([
      {
        key: 'prep',
        label: 'Prep time, as predicted',
        count: 3,
        medianAbsoluteErrorMinutes: 2,
        p90AbsoluteErrorMinutes: 5.2,
        biasMinutes: 2,
      },
      {
        key: 'prep_chosen',
        label: "Prep time, the kitchen's choice",
        count: 3,
        medianAbsoluteErrorMinutes: 5,
        p90AbsoluteErrorMinutes: 5.8,
        biasMinutes: 5,
      },
      {
        key: 'travel',
        label: 'Travel time, pickup to door',
        count: 2,
        medianAbsoluteErrorMinutes: 2,
        p90AbsoluteErrorMinutes: 2.8,
        biasMinutes: 1,
      },
      {
        key: 'to_pickup',
        label: 'Travel time, driver to restaurant',
        count: 2,
        medianAbsoluteErrorMinutes: 4.5,
        p90AbsoluteErrorMinutes: 7.3,
        biasMinutes: 4.5,
      },
    ]);
    // By day: the same figures for the one day with accepted orders.
    expect(r.predictionsByDay).toEqual(r.predictions.map((p: object) => ({ ...p, day: '2025-08-01' })));
    const two = (await call(t, admins.ops_manager, 'GET', '/api/admin/reports?from=2025-07-31&to=2025-08-01')).json();
    expect(two.predictionsByDay.filter((p: { key: string }) => p.key === 'travel')).toMatchObject([
      { day: '2025-07-31', count: 1, medianAbsoluteErrorMinutes: 10 },
      { day: '2025-08-01', count: 2, medianAbsoluteErrorMinutes: 2 },
    ]);
    expect(two.predictions.find((p: { key: string }) => p.key === 'travel')).toMatchObject({ count: 3 });
    // The CSV has them too, per day and for the range.
    const csv = await call(t, admins.finance, 'GET', '/api/admin/reports/export?from=2025-07-31&to=2025-08-01');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toContain('prediction_day,2025-07-31,"Travel time, pickup to door",,,,,,,,1,10,10,10');
    expect(lines).toContain('prediction_total,to_pickup,"Travel time, driver to restaurant",,,,,,,,2,4.5,7.3,4.5');
    const none = (await call(t, admins.finance, 'GET', '/api/admin/reports?from=2025-09-01&to=2025-09-01')).json();
    expect(none.predictions[0]).toMatchObject({ count: 0, medianAbsoluteErrorMinutes: null, biasMinutes: null });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, orderEtas, orderPredictions, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser } from '../../test/test-app';
import { londonHour } from './record-predictions';
import { type Shop, deliveryBody, pickupBody, place, seedShop, settle, act } from './test-fixtures';
import { transitionOrder } from './transition-order';

// The promise on accepting uses the prep time learned from the branch's own history, and every order
// keeps what was predicted beside what happened (docs/decisions/0277-learned-prep-and-checked-predictions.md).
let t: TestApp;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  driverId = await createUser(t, {
    email: 'driver@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
});
afterAll(async () => {
  await t.close();
});

const MIN = 60_000;

async function accept(shop: Shop, type: 'DELIVERY' | 'PICKUP', prepTimeMinutes: number) {
  const res = await place(t, type === 'DELIVERY' ? deliveryBody(shop) : pickupBody(shop));
  const o = res.json().order as { id: string };
  await settle(t, o.id);
  const before = Date.now();
  const accepted = await act(t, shop.partner.cookie, o.id, { action: 'accept', prepTimeMinutes });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const db = t.database.db;
  const [eta] = await db.select().from(orderEtas).where(eq(orderEtas.orderId, o.id));
  const [prediction] = await db.select().from(orderPredictions).where(eq(orderPredictions.orderId, o.id));
  return { id: o.id, before, eta, prediction, promiseMinutes: (eta.initialEta.getTime() - before) / MIN };
}

/** Past orders of the branch at this London hour: chosen 15 minutes, ready after `actual`. */
async function history(shop: Shop, actuals: number[], hoursAgo = 24) {
  const acceptedAt = new Date(Date.now() - hoursAgo * 3_600_000);
  for (const actual of actuals) {
    const placed = await place(t, pickupBody(shop));
    await t.database.db.insert(orderPredictions).values({
      orderId: placed.json().order.id,
      siteId: shop.site.id,
      acceptedAt,
      acceptHour: londonHour(new Date()),
      chosenPrepMinutes: 15,
      predictedPrepMinutes: 15,
      prepSource: 'kitchen',
      actualPrepMinutes: actual,
    });
  }
}

describe('the promise on accepting', () => {
  it("keeps today's rule while the branch has too little history: the chosen prep plus travel", async () => {
    const shop = await seedShop(t);
    await history(shop, [19, 19, 19, 19]); // four at this hour: too few
    const a = await accept(shop, 'DELIVERY', 15);
    expect(a.prediction).toMatchObject({
      chosenPrepMinutes: 15,
      predictedPrepMinutes: 15,
      prepSource: 'kitchen',
      predictedTravelMinutes: a.eta.travelTimeMinutes,
      travelSource: 'fallback',
      actualPrepMinutes: null,
      actualTravelMinutes: null,
    });
    expect(a.promiseMinutes).toBeGreaterThan(15 + a.eta.travelTimeMinutes! - 0.1);
    expect(a.promiseMinutes).toBeLessThan(15 + a.eta.travelTimeMinutes! + 0.1);
  });

  it('uses the prep time learned at this hour, and the handovers, once the branch has five orders at it', async () => {
    const shop = await seedShop(t);
    await history(shop, [17, 19, 19, 20, 30]); // median overrun 4 minutes
    const a = await accept(shop, 'DELIVERY', 15);
    expect(a.prediction).toMatchObject({ chosenPrepMinutes: 15, predictedPrepMinutes: 19, prepSource: 'hour' });
    // 19 minutes' prep, the travel estimate, 3 minutes of handovers.
    const expected = 19 + a.eta.travelTimeMinutes! + 3;
    expect(a.promiseMinutes).toBeGreaterThan(expected - 0.1);
    expect(a.promiseMinutes).toBeLessThan(expected + 0.1);
    // A pickup order: the learned prep alone (a 25-minute choice, 4 over: 29).
    const p = await accept(shop, 'PICKUP', 25);
    expect(p.prediction).toMatchObject({ predictedPrepMinutes: 29, prepSource: 'hour', predictedTravelMinutes: null });
    expect(p.promiseMinutes).toBeGreaterThan(29 - 0.1);
    expect(p.promiseMinutes).toBeLessThan(29 + 0.1);
  });

  it('forgets history older than four weeks', async () => {
    const shop = await seedShop(t);
    await history(shop, [25, 25, 25, 25, 25, 25], 29 * 24);
    const a = await accept(shop, 'PICKUP', 15);
    expect(a.prediction).toMatchObject({ predictedPrepMinutes: 15, prepSource: 'kitchen' });
  });
});

describe('what really happened', () => {
  it('records the prep time when the kitchen marks it ready and the travel time when it is delivered', async () => {
    const shop = await seedShop(t);
    const db = t.database.db;
    const deps = { db, bus: t.app.deps.bus };
    const a = await accept(shop, 'DELIVERY', 15);
    const acceptedAt = a.prediction.acceptedAt.getTime();
    const partner = { kind: 'partner' as const, userId: shop.partner.id };
    const driver = { kind: 'driver' as const, userId: driverId };
    await transitionOrder(deps, { orderId: a.id, action: 'assign_driver', actor: driver });
    await transitionOrder(deps, {
      orderId: a.id,
      action: 'start_preparing',
      actor: partner,
      now: new Date(acceptedAt + 2 * MIN),
    });
    await transitionOrder(deps, {
      orderId: a.id,
      action: 'mark_ready',
      actor: partner,
      now: new Date(acceptedAt + 18.5 * MIN),
    });
    const [own] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, a.id));
    await transitionOrder(deps, {
      orderId: a.id,
      action: 'hand_to_driver',
      actor: partner,
      pickupCode: own.pickupCode,
      now: new Date(acceptedAt + 20 * MIN),
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, a.id));
    const [picked] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, a.id));
    await transitionOrder(deps, {
      orderId: a.id,
      action: 'complete_delivery',
      actor: driver,
      deliveryCode: row.deliveryVerificationCode,
      now: new Date(picked.pickedUpAt!.getTime() + 9 * MIN),
    });
    const [p] = await db.select().from(orderPredictions).where(eq(orderPredictions.orderId, a.id));
    expect(p.actualPrepMinutes).toBeCloseTo(18.5, 5);
    expect(p.actualTravelMinutes).toBeCloseTo(9, 5);
  });
});

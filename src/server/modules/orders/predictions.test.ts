import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../domain/geo';
import { cities, deliveryJobs, orderEtas, orderPredictions, orders, sites, userProfiles } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
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

/** A door about 3 km from the branch (the app's own geocoder), so travel has a distance to learn from. */
const FAR_DOOR = 'EC1V 2NX';

async function accept(shop: Shop, type: 'DELIVERY' | 'PICKUP', prepTimeMinutes: number, postcode?: string) {
  const res = await place(
    t,
    type === 'DELIVERY' ? deliveryBody(shop, postcode ? { deliveryPostcode: postcode } : {}) : pickupBody(shop),
  );
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
      // The dispatcher's travel is recorded in every city (docs/decisions/0283-learned-travel-and-fair-earnings.md):
      // with no history, the straight line with the road factor at a car's speed and the door's 2 minutes.
      travelSource: 'road_factor',
      actualPrepMinutes: null,
      actualTravelMinutes: null,
    });
    expect(a.prediction.predictedTravelMinutes).toBe(
      Math.max(5, Math.round(2 + (a.prediction.travelKm! * 1.35 * 60) / 30)),
    );
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

describe('travel learned from the city (docs/decisions/0283-learned-travel-and-fair-earnings.md)', () => {
  /** A city of its own for the shop, on the dispatcher or the board. */
  async function cityFor(shop: Shop, mode: 'dispatcher' | 'board') {
    const slug = `pred-${randomUUID().slice(0, 6)}`;
    await t.database.db.insert(cities).values({
      slug,
      name: 'London',
      region: 'Greater London',
      population: 9_000_000,
      description: 'The capital',
      lat: shop.site.lat!,
      lng: shop.site.lng!,
      postcodeArea: 'E',
      dispatchMode: mode,
    });
    await t.database.db.update(sites).set({ citySlug: slug }).where(eq(sites.id, shop.site.id));
    return slug;
  }

  /** Deliveries of the city at this London hour: 2 km each, `minutes` from pickup to delivered. */
  /** Deliveries of 2 km taking these minutes; with `empty`, their legs to the restaurant too (2 km, these minutes). */
  async function trips(shop: Shop, slug: string, minutes: number[], empty: number[] = []) {
    for (const [i, actual] of minutes.entries()) {
      const placed = await place(t, pickupBody(shop));
      await t.database.db.insert(orderPredictions).values({
        orderId: placed.json().order.id,
        siteId: shop.site.id,
        citySlug: slug,
        acceptedAt: new Date(Date.now() - 24 * 3_600_000),
        acceptHour: londonHour(new Date()),
        chosenPrepMinutes: 15,
        predictedPrepMinutes: 15,
        prepSource: 'kitchen',
        travelKm: 2,
        predictedTravelMinutes: 8,
        travelSource: 'road_factor',
        actualTravelMinutes: actual,
        ...(empty[i] === undefined ? {} : { toPickupKm: 2, actualToPickupMinutes: empty[i] }),
      });
    }
  }

  it('a city on the dispatcher promises the learned travel: prep, travel with the door, the minute at the pass', async () => {
    const shop = await seedShop(t);
    const slug = await cityFor(shop, 'dispatcher');
    await trips(shop, slug, [10, 12, 12, 14, 40]); // (12 − 2) / 2 km: 5 minutes a km
    const a = await accept(shop, 'DELIVERY', 15, FAR_DOOR);
    const km = a.prediction.travelKm!;
    expect(km).toBeGreaterThan(1);
    const travel = Math.round(2 + 5 * km);
    expect(a.prediction).toMatchObject({
      citySlug: slug,
      travelSource: 'learned_hour',
      predictedTravelMinutes: travel,
    });
    // The kitchen's 15 minutes (no prep history), the learned travel, 1 minute at the pass.
    expect(a.promiseMinutes).toBeGreaterThan(15 + travel + 1 - 0.1);
    expect(a.promiseMinutes).toBeLessThan(15 + travel + 1 + 0.1);
    // Not what the board rule would promise (the straight line at car speed, no road factor).
    expect(Math.abs(travel - a.eta.travelTimeMinutes!)).toBeGreaterThan(1);
  });

  it('a board city learns the same but keeps its promise rule', async () => {
    const shop = await seedShop(t);
    const slug = await cityFor(shop, 'board');
    await trips(shop, slug, [10, 12, 12, 14, 40]);
    const a = await accept(shop, 'DELIVERY', 15, FAR_DOOR);
    expect(a.prediction).toMatchObject({ travelSource: 'learned_hour' });
    expect(a.promiseMinutes).toBeGreaterThan(15 + a.eta.travelTimeMinutes! - 0.1);
    expect(a.promiseMinutes).toBeLessThan(15 + a.eta.travelTimeMinutes! + 0.1);
  });

  it("another city's deliveries do not count, nor a dispatcher city's too few", async () => {
    const other = await seedShop(t);
    const otherSlug = await cityFor(other, 'dispatcher');
    await trips(other, otherSlug, [30, 30, 30, 30, 30]);
    const shop = await seedShop(t);
    const slug = await cityFor(shop, 'dispatcher');
    await trips(shop, slug, [12, 12, 12, 12]); // four: too few
    const a = await accept(shop, 'DELIVERY', 15, FAR_DOOR);
    const road = Math.round(2 + (a.prediction.travelKm! * 1.35 * 60) / 30);
    expect(a.prediction).toMatchObject({ travelSource: 'road_factor', predictedTravelMinutes: road });
    expect(a.promiseMinutes).toBeGreaterThan(15 + road + 1 - 0.1);
    expect(a.promiseMinutes).toBeLessThan(15 + road + 1 + 0.1);
  });

  it.each([
    // the city's legs to restaurants (2 km each), the pace predicted (min/km) and its source
    ['none: the deliveries’ pace, 5 minutes a km', [], 5, 'learned_hour'],
    ['five, 6 minutes for 2 km without food: its own pace, 3 minutes a km', [6, 6, 6, 6, 6], 3, 'empty_hour'],
  ] as const)(
    'predicts the leg to the restaurant when a driver takes the job and records it when they arrive (legs learned: %s)',
    async (_name, empty, pace, source) => {
      const shop = await seedShop(t);
      const slug = await cityFor(shop, 'board');
      await trips(shop, slug, [10, 12, 12, 14, 40], [...empty]); // 5 minutes a km
      const db = t.database.db;
      const email = `leg.${randomUUID().slice(0, 6)}@example.com`;
      const rider = await createUser(t, {
        email,
        userType: 'driver',
        status: 'approved',
        driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'LEG1' },
      });
      // About a kilometre east of the branch.
      const home = { lat: shop.site.lat!, lng: shop.site.lng! + 1 / 69.4 / 1.609 };
      await db.update(userProfiles).set({ homeLat: home.lat, homeLng: home.lng }).where(eq(userProfiles.userId, rider));
      const a = await accept(shop, 'DELIVERY', 15);
      const [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, a.id));
      const cookie = await signIn(t, email);
      const taken = await t.app.inject({
        method: 'POST',
        url: `/api/driver/jobs/${job.id}/accept`,
        headers: { cookie },
      });
      expect(taken.statusCode, taken.body).toBe(200);
      const km = distanceKm(home, { lat: job.pickupLat!, lng: job.pickupLng! });
      const [p] = await db.select().from(orderPredictions).where(eq(orderPredictions.orderId, a.id));
      expect(p.toPickupSource).toBe(source);
      expect(p.predictedToPickupMinutes).toBeCloseTo(Math.round(pace * km * 10) / 10, 5);
      expect(p.actualToPickupMinutes).toBeNull();
      // The leg's straight line is kept: the next legs learn from it.
      expect(p.toPickupKm).toBeCloseTo(km, 5);
      const arrived = await t.app.inject({
        method: 'POST',
        url: `/api/driver/jobs/${job.id}/arrival`,
        headers: { cookie },
        payload: { at: 'pickup' },
      });
      expect(arrived.statusCode, arrived.body).toBe(200);
      const [after] = await db.select().from(orderPredictions).where(eq(orderPredictions.orderId, a.id));
      const [there] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, job.id));
      // Arrived less taken, as the job's own columns say.
      expect(after.actualToPickupMinutes).toBeCloseTo(
        (there.arrivedAtPickup!.getTime() - there.assignedAt!.getTime()) / 60_000,
        5,
      );
    },
  );
});

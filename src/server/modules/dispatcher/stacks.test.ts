import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, driverEarnings, jobOffers } from '../../db/schema/index';
import { runDispatcherRoundOnce } from '../../jobs/dispatcher-round';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Driver, customerCode, driverCall, handOver, jpeg, upload } from '../dispatch/test-fixtures';
import type { Shop } from '../orders/test-fixtures';
import { onDispatcherWake } from '../../platform/dispatcher-wake';
import { acceptOffer } from './accept-offer';
import { type DispatcherCity, dispatcherCity } from './test-fixtures';

// Stacked orders and chaining in the product (docs/decisions/0282-stacked-orders-and-chaining.md), on
// PGlite and PostgreSQL.
let t: TestApp;
let city: DispatcherCity;
let shop: Shop;
let e1: { lat: number; lng: number };

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });
const round = (minutes = 0) => city.round(minutes);
const driverAt = (kmEast: number) => city.driverAt(kmEast);
const fresh = (...drivers: Driver[]) => city.fresh(...drivers);
/** A job the restaurant accepted five minutes ago (past the hold), promised `promised` minutes from then. */
const job = (promised = 45) => city.dispatchJob({}, promised);

async function openOffersOf(driverId: string) {
  return t.database.db.select().from(jobOffers).where(eq(jobOffers.driverId, driverId));
}

/** The driver holds a fresh job, taken through a dispatcher offer. */
async function holding(d: Driver) {
  const held = await job();
  const r = await round();
  expect(r.offered).toBe(1);
  const [offer] = (await openOffersOf(d.id)).filter((o) => o.status === 'offered');
  const res = await driverCall(t, d, 'POST', `/api/driver/offers/${offer.id}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return held;
}

async function complete(d: Driver, jobId: string, orderId: string) {
  const proof = await upload(t, d, 'proof_of_delivery', await jpeg());
  return driverCall(t, d, 'POST', `/api/driver/jobs/${jobId}/complete`, {
    code: await customerCode(t, orderId),
    proofUploadId: proof.json().id,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  city = await dispatcherCity(t);
  ({ shop, e1 } = city);
});
afterAll(async () => {
  await t.close();
});

describe('stacked offers', () => {
  it('offers a second order from the same kitchen to the driver heading there; accepted, both drops show with both codes and each is delivered and paid on its own', async () => {
    const d = await driverAt(0.2);
    const other = await driverAt(0.3);
    await fresh(d);
    const a = await holding(d);
    const b = await job();

    expect((await round()).offered).toBe(1);
    const [offer] = (await openOffersOf(d.id)).filter((o) => o.status === 'offered');
    expect(offer).toMatchObject({ jobId: b.job.id, stackedJobId: a.job.id });
    expect(['held_first', 'offered_first']).toContain(offer.stackDropOrder);

    const card = (await driverCall(t, d, 'GET', '/api/driver/offers/current')).json().offer;
    expect(card).toMatchObject({ jobId: b.job.id, stacked: { jobId: a.job.id, orderNumber: a.orderNumber } });
    expect(card.stacked.firstDrop).toBe(offer.stackDropOrder === 'held_first' ? 'held' : 'offered');
    // Someone else's offer is not found; a stranger is refused.
    expect((await driverCall(t, other, 'POST', `/api/driver/offers/${offer.id}/accept`)).statusCode).toBe(404);
    expect((await driverCall(t, null, 'GET', '/api/driver/offers/current')).statusCode).toBe(401);

    const res = await driverCall(t, d, 'POST', `/api/driver/offers/${offer.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const stack = res.json().job.stack as { jobId: string; position: number; pickupCode: string | null }[];
    const firstJob = offer.stackDropOrder === 'held_first' ? a.job.id : b.job.id;
    expect(stack.map((s) => [s.jobId, s.position])).toEqual([
      [firstJob, 1],
      [firstJob === a.job.id ? b.job.id : a.job.id, 2],
    ]);
    for (const s of stack) expect(s.pickupCode).toMatch(/^\d{4}$/);
    expect(new Set(stack.map((s) => s.pickupCode)).size).toBe(2);
    // The held job's own view lists the same stack; another driver does not see the job at all.
    const viaA = (await driverCall(t, d, 'GET', `/api/driver/jobs/${a.job.id}`)).json().job;
    expect(viaA.stack).toEqual(stack);
    expect((await driverCall(t, other, 'GET', `/api/driver/jobs/${b.job.id}`)).statusCode).toBe(404);

    // Each drop with its own code and photo; each paid as its own job.
    for (const o of [a, b]) await handOver(t, shop, o.orderId);
    expect((await complete(d, a.job.id, b.orderId)).statusCode).not.toBe(200);
    for (const o of [a, b]) {
      const done = await complete(d, o.job.id, o.orderId);
      expect(done.statusCode, done.body).toBe(200);
    }
    const paid = await t.database.db
      .select({ jobId: driverEarnings.deliveryJobId })
      .from(driverEarnings)
      .where(inArray(driverEarnings.deliveryJobId, [a.job.id, b.job.id]));
    expect(paid).toHaveLength(2);
    const after = (await driverCall(t, d, 'GET', `/api/driver/jobs/${b.job.id}`)).json().job;
    expect(after.stack.map((s: { status: string }) => s.status)).toEqual(['completed', 'completed']);
  });

  it('offers no stack when the second customer could not be reached in time', async () => {
    const d = await driverAt(0.2);
    await fresh(d);
    await holding(d);
    const b = await job(3);
    await round();
    expect((await openOffersOf(d.id)).filter((o) => o.jobId === b.job.id)).toEqual([]);
  });

  it('shows ops the stacked offer and then the stack on the dispatch map', async () => {
    const d = await driverAt(0.2);
    await fresh(d);
    const a = await holding(d);
    const b = await job();
    await round();
    const { adminsOfEveryRole, call } = await import('../admin/test-fixtures');
    const admins = await adminsOfEveryRole(t);
    const map = async () => (await call(t, admins.ops_manager, 'GET', '/api/admin/dispatch')).json();
    const waiting = (await map()).jobs.find((j: { id: string }) => j.id === b.job.id);
    expect(waiting.offer.stackedWith).toBe(a.orderNumber);
    const [offer] = (await openOffersOf(d.id)).filter((o) => o.status === 'offered');
    expect((await driverCall(t, d, 'POST', `/api/driver/offers/${offer.id}/accept`)).statusCode).toBe(200);
    const jobs = (await map()).jobs as { id: string; stack: { withOrder: string; dropPosition: number } | null }[];
    expect(jobs.find((j) => j.id === a.job.id)!.stack?.withOrder).toBe(b.orderNumber);
    expect(jobs.find((j) => j.id === b.job.id)!.stack?.withOrder).toBe(a.orderNumber);
  });

  it('has one outcome when a stacked offer runs out while the driver accepts it', async () => {
    for (let i = 0; i < 3; i++) {
      const d = await driverAt(0.2);
      await fresh(d);
      const a = await holding(d);
      const b = await job();
      await round();
      const [offer] = (await openOffersOf(d.id)).filter((o) => o.status === 'offered');
      expect(offer.stackedJobId).toBe(a.job.id);
      const at = offer.expiresAt.getTime();
      const [accepted] = await Promise.allSettled([
        acceptOffer(deps(), d.id, offer.id, new Date(at - 1)),
        runDispatcherRoundOnce(deps(), new Date(at)),
      ]);
      const [after] = await t.database.db.select().from(jobOffers).where(eq(jobOffers.id, offer.id));
      const rows = await t.database.db
        .select()
        .from(deliveryJobs)
        .where(inArray(deliveryJobs.id, [a.job.id, b.job.id]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (accepted.status === 'fulfilled') {
        expect(after.status).toBe('accepted');
        expect(byId.get(b.job.id)).toMatchObject({ status: 'assigned', driverId: d.id, stackJobId: a.job.id });
        expect(byId.get(a.job.id)!.stackJobId).toBe(b.job.id);
      } else {
        expect(after.status).toBe('expired');
        expect(byId.get(b.job.id)).toMatchObject({ status: 'available', driverId: null, stackJobId: null });
        expect(byId.get(a.job.id)!.stackJobId).toBeNull();
      }
    }
  });

  it('never has two open offers for one job or one driver when rounds with stacks run at once', async () => {
    const ds = [await driverAt(0.2), await driverAt(0.4)];
    await fresh(...ds);
    for (const d of ds) await holding(d);
    const jobs = [await job(), await job(), await job()];
    await Promise.all([round(), round(), round()]);
    const open = await t.database.db
      .select()
      .from(jobOffers)
      .where(
        inArray(
          jobOffers.jobId,
          jobs.map((j) => j.job.id),
        ),
      );
    const live = open.filter((o) => o.status === 'offered');
    expect(live.length).toBeGreaterThan(0);
    expect(new Set(live.map((o) => o.jobId)).size).toBe(live.length);
    expect(new Set(live.map((o) => o.driverId)).size).toBe(live.length);
  });
});

describe('chaining', () => {
  it('wakes the round when a driver delivers, so they are considered for the next job at once', async () => {
    const d = await driverAt(0.2);
    await fresh(d);
    const a = await holding(d);
    await handOver(t, shop, a.orderId);
    let woken = 0;
    const stop = onDispatcherWake(() => woken++);
    try {
      const done = await complete(d, a.job.id, a.orderId);
      expect(done.statusCode, done.body).toBe(200);
      expect(woken).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });

  it('offers a driver on their last drop the next job', async () => {
    const d = await driverAt(0.2);
    await fresh(d);
    const a = await holding(d);
    await handOver(t, shop, a.orderId);
    // Picked up: no stack (nothing held before pickup), but the driver is free soon at the customer.
    const c = await job();
    await round();
    const offers = (await openOffersOf(d.id)).filter((o) => o.jobId === c.job.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ status: 'offered', stackedJobId: null });
  });

  it('leaves out a driver still heading for a pickup as a free driver (only a stack may reach them)', async () => {
    const d = await driverAt(0.2);
    await fresh(d);
    await holding(d);
    // A kitchen 2 km away (within the driver's radius, beyond the stacking bound) cannot stack; the driver
    // holding a job is not offered it as a free driver either.
    const c = await job();
    await t.database.db
      .update(deliveryJobs)
      .set({ pickupLat: e1.lat + 0.02 })
      .where(eq(deliveryJobs.id, c.job.id));
    await round();
    expect((await openOffersOf(d.id)).filter((o) => o.jobId === c.job.id)).toEqual([]);
  });
});

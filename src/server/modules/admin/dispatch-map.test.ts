import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchDriver, DispatchJob } from '../../../domain/contracts/admin/dispatch-map';
import type { AdminRole } from '../../../domain/roles';
import { deliveryJobs } from '../../db/schema/index';
import { runJobReachOnce } from '../../jobs/job-reach';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Driver, newDriver, offeredJob } from '../dispatch/test-fixtures';
import { type Shop, seedShop } from '../orders/test-fixtures';
import { type Caller, adminsOfEveryRole, call, listen } from './test-fixtures';

// The back office's dispatch map (docs/product/admin.md#dispatch-map, docs/decisions/0170-ops-dispatch-map.md).
let t: TestApp;
let base: string;
let admins: Record<AdminRole, Caller>;
let shop: Shop;
let customer: Caller;
let stream: Stream;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  shop = await seedShop(t);
  const email = `dispatch.customer.${randomUUID().slice(0, 6)}@example.com`;
  const id = await createUser(t, { email, userType: 'customer', name: 'Aisha Khan' });
  customer = { id, email, cookie: await signIn(t, email) };
  base = await listen(t);
  stream = await openStream(base, '/api/events?topics=admin', admins.ops_manager.cookie);
});
afterAll(async () => {
  stream?.close();
  await t.close();
});

const URL = '/api/admin/dispatch';

async function map(
  who: Caller = admins.ops_manager,
): Promise<{ at: string; jobs: DispatchJob[]; drivers: DispatchDriver[] }> {
  const res = await call(t, who, 'GET', URL);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const jobIn = async (jobId: string) => (await map()).jobs.find((j) => j.id === jobId);
const driverIn = async (driverId: string) => (await map()).drivers.find((d) => d.id === driverId);

/** Puts the job's offer `minutes` into the past, as if nobody had taken it for that long. */
async function age(jobId: string, minutes: number) {
  await t.database.db
    .update(deliveryJobs)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(deliveryJobs.id, jobId));
}

describe('who may see the dispatch map', () => {
  it('answers a stranger 401, and a partner, a driver, a customer and the roles without operations 403', async () => {
    const driver: Driver = await newDriver(t);
    expect((await call(t, null, 'GET', URL)).statusCode).toBe(401);
    const outsiders: Caller[] = [shop.partner, driver, customer, admins.cs_agent, admins.finance, admins.read_only];
    for (const who of outsiders) expect((await call(t, who, 'GET', URL)).statusCode, who.email).toBe(403);
    for (const who of [admins.ops_manager, admins.super_admin]) {
      expect((await call(t, who, 'GET', URL)).statusCode, who.email).toBe(200);
    }
  });
});

describe('the open jobs', () => {
  it("lists a waiting job with its order number, branch, pickup, wait and reach, and widens the reach after the sweeper's step", async () => {
    const o = await offeredJob(t, shop);
    const fresh = await jobIn(o.job.id);
    expect(fresh).toMatchObject({
      orderNumber: o.orderNumber,
      branchName: 'Whitechapel',
      pickupPostcode: o.job.pickupPostcode,
      pickup: { lat: o.job.pickupLat, lng: o.job.pickupLng },
      status: 'available',
      waitedMinutes: 0,
      reachMiles: 3,
      takenAt: null,
      driver: null,
    });
    expect(fresh!.offeredAt).toBe(o.job.createdAt.toISOString());
    // The admin topic heard of the new job.
    await stream.waitFor((e) => e.type === 'job.created' && (e.data as { jobId: string }).jobId === o.job.id);

    // Nobody takes it for four and a half minutes: two steps of a mile each.
    await age(o.job.id, 4.5);
    await runJobReachOnce({ db: t.database.db, bus: t.app.deps.bus });
    const widened = await stream.waitFor(
      (e) => e.type === 'job.widened' && (e.data as { jobId: string }).jobId === o.job.id,
    );
    expect(widened.data).toEqual({ jobId: o.job.id, orderId: o.orderId, reachMiles: 5 });
    expect(await jobIn(o.job.id)).toMatchObject({ status: 'available', waitedMinutes: 4, reachMiles: 5 });
  });

  it('shows a taken job with its driver and no reach, the driver on it, and drops the job once it is cancelled', async () => {
    const d = await newDriver(t);
    const o = await offeredJob(t, shop);
    const accepted = await call(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await stream.waitFor(
      (e) =>
        e.type === 'job.updated' &&
        (e.data as { jobId: string; status: string }).jobId === o.job.id &&
        (e.data as { status: string }).status === 'assigned',
    );
    const view = await map();
    const job = view.jobs.find((j) => j.id === o.job.id);
    expect(job).toMatchObject({ status: 'assigned', reachMiles: null, driver: { id: d.id } });
    expect(job!.takenAt).not.toBeNull();
    expect(view.drivers.find((x) => x.id === d.id)).toMatchObject({ onJob: o.orderNumber, positionSource: 'postcode' });
    // The phone on the delivery reports where it is: the marker follows it, live.
    const fix = { lat: 51.5201, lng: -0.0702 };
    const moved = await call(t, d, 'POST', `/api/driver/jobs/${o.job.id}/position`, fix);
    expect(moved.statusCode, moved.body).toBe(200);
    await stream.waitFor((e) => e.type === 'driver.located' && (e.data as { driverId: string }).driverId === d.id);
    expect(await driverIn(d.id)).toMatchObject({
      position: fix,
      positionSource: 'delivery',
      positionAt: moved.json().at,
    });
    // Waiting jobs come before taken ones.
    const firstTaken = view.jobs.findIndex((j) => j.status !== 'available');
    expect(view.jobs.slice(firstTaken).every((j) => j.status !== 'available')).toBe(true);

    const cancelled = await call(t, admins.ops_manager, 'POST', `/api/admin/orders/${o.orderNumber}/cancel`, {
      reason: 'Customer rang to cancel',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await jobIn(o.job.id)).toBeUndefined();
    expect(await driverIn(d.id)).toMatchObject({ onJob: null });
  });
});

describe('the online drivers', () => {
  it('shows an online driver at their postcode centre and leaves out one who is offline', async () => {
    const online = await newDriver(t, { postcode: 'E1' });
    const offline = await newDriver(t, { postcode: 'E1', online: false });
    const e1 = (await t.app.deps.geocoder.geocode('E1'))!;
    expect(await driverIn(online.id)).toMatchObject({
      postcode: 'E1',
      position: { lat: e1.lat, lng: e1.lng },
      positionSource: 'postcode',
      positionAt: null,
      radiusMiles: 3,
      onJob: null,
    });
    expect(await driverIn(offline.id)).toBeUndefined();
    // Going offline takes them off the map, live.
    const off = await call(t, online, 'PATCH', '/api/driver/availability', { isOnline: false });
    expect(off.statusCode, off.body).toBe(200);
    await stream.waitFor(
      (e) => e.type === 'driver.availability' && (e.data as { driverId: string }).driverId === online.id,
    );
    expect(await driverIn(online.id)).toBeUndefined();
  });

  it('moves a driver to the position they share for the jobs board, and back to their postcode when they stop', async () => {
    const d = await newDriver(t, { postcode: 'E1' });
    const shared = await call(t, d, 'PUT', '/api/driver/board-position', { lat: 51.5452, lng: -0.0553 });
    expect(shared.statusCode, shared.body).toBe(200);
    await stream.waitFor((e) => e.type === 'driver.located' && (e.data as { driverId: string }).driverId === d.id);
    expect(await driverIn(d.id)).toMatchObject({
      position: { lat: 51.5452, lng: -0.0553 },
      positionSource: 'board',
      positionAt: shared.json().at,
    });
    expect((await call(t, d, 'DELETE', '/api/driver/board-position')).statusCode).toBe(200);
    expect(await driverIn(d.id)).toMatchObject({ positionSource: 'postcode', positionAt: null });
  });
});

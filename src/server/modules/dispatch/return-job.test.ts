import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { auditLog, deliveryJobs, driverJobReturns, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, seedShop, settle } from '../orders/test-fixtures';
import { inTransaction } from './in-transaction';
import { returnJobToBoard } from './return-job';
import { type Driver, driverCall, handOver, newDriver, offeredJob } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let driver: Driver;
let otherDriver: Driver;
let customer: string;
let opsId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  otherDriver = await newDriver(t);
  await createUser(t, { email: 'eater@example.com', userType: 'customer', status: 'active' });
  customer = await signIn(t, 'eater@example.com');
  opsId = await createUser(t, { email: 'ops-unassign@example.com', userType: 'admin', adminRole: 'ops_manager' });
}, 120_000);
afterAll(async () => t?.close());

/** A job the driver has accepted. */
async function takenJob(d: Driver = driver) {
  const o = await offeredJob(t, shop);
  const res = await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return o;
}

const giveBack = (d: Driver | null, jobId: string, payload: Record<string, unknown>) =>
  driverCall(t, d, 'POST', `/api/driver/jobs/${jobId}/return`, payload);
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const jobRow = async (id: string) =>
  (await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, id)))[0];
const returnsOf = (driverId: string) =>
  t.database.db.select().from(driverJobReturns).where(eq(driverJobReturns.driverId, driverId));

describe('POST /api/driver/jobs/:jobId/return', () => {
  it('puts the job back on the board at once and the order back to ACCEPTED, counted on the driver', async () => {
    const o = await takenJob();
    expect((await orderRow(o.orderId)).status).toBe('DRIVER_ASSIGNED');
    const events: { topic: string; type: string; data: Record<string, unknown> }[] = [];
    const off = t.app.deps.bus.subscribe(
      [topicName.jobs(o.job.pickupArea), topicName.admin, topicName.order(o.orderId)],
      (e) => events.push(e),
    );

    const res = await giveBack(driver, o.job.id, { reason: 'vehicle_problem', note: 'Flat tyre' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ jobId: o.job.id, orderNumber: o.orderNumber, message: 'Job returned to the board' });
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'ACCEPTED', driverId: null });
    const job = await jobRow(o.job.id);
    expect(job).toMatchObject({ status: 'available', driverId: null, assignedAt: null });
    expect(job.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await returnsOf(driver.id)).toEqual([
      expect.objectContaining({ jobId: o.job.id, returnedBy: 'driver', reason: 'vehicle_problem', note: 'Flat tyre' }),
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.orderId), eq(auditLog.actionType, 'driver_unassigned')));
    expect(audit.details).toMatchObject({ by: 'driver', reason: 'Problem with my vehicle: Flat tyre' });
    await expect
      .poll(() =>
        // Distinct kinds: a job update reaches both the area's board and the back office's dispatch map.
        [
          ...new Set(
            events
              .map((e) => `${e.type}:${(e.data.status as string) ?? ''}`)
              .filter((x) => ['job.updated:available', 'job.returned:', 'order.status:ACCEPTED'].includes(x)),
          ),
        ].sort(),
      )
      .toEqual(['job.returned:', 'job.updated:available', 'order.status:ACCEPTED']);
    off();

    // The customer's tracker reads "Finding a new driver" until another driver takes it.
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${o.orderNumber}`,
      headers: { 'x-order-token': o.orderToken },
    });
    expect(tracked.json().order).toMatchObject({ findingNewDriver: true, driver: null });
    const board = (await driverCall(t, otherDriver, 'GET', '/api/driver/jobs')).json();
    expect(board.jobs.map((j: { id: string }) => j.id)).toContain(o.job.id);
    expect((await driverCall(t, otherDriver, 'POST', `/api/driver/jobs/${o.job.id}/accept`)).statusCode).toBe(200);
    const retaken = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${o.orderNumber}`,
      headers: { 'x-order-token': o.orderToken },
    });
    expect(retaken.json().order).toMatchObject({ findingNewDriver: false, status: 'DRIVER_ASSIGNED' });
  });

  it('names the driver in the audit log of their own return, as every other audit row names its actor', async () => {
    // A real driver's full name, not the fixture's "Driver n": the old entry said "driver", which
    // the back office cannot tell apart from any other driver's return.
    const named = await newDriver(t, { name: 'Yusuf Okonkwo-Begum' });
    const o = await takenJob(named);
    const res = await giveBack(named, o.job.id, { reason: 'restaurant_delay' });
    expect(res.statusCode, res.body).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.orderId), eq(auditLog.actionType, 'driver_unassigned')));
    expect(audit).toMatchObject({ performedBy: named.id, performedByName: 'Yusuf Okonkwo-Begum' });
  });

  it('keeps the kitchen status when the kitchen has started', async () => {
    const o = await takenJob();
    await settle(t, o.orderId);
    expect((await act(t, shop.partner.cookie, o.orderId, { action: 'start_preparing' })).statusCode).toBe(200);
    const res = await giveBack(driver, o.job.id, { reason: 'restaurant_delay' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'PREPARING', driverId: null });
    expect((await jobRow(o.job.id)).status).toBe('available');
  });

  it('is refused after pickup, for someone else, without a reason, and for other roles', async () => {
    const o = await takenJob();
    expect((await giveBack(null, o.job.id, { reason: 'too_far' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/driver/jobs/${o.job.id}/return`,
          headers: { cookie: customer },
          payload: { reason: 'too_far' },
        })
      ).statusCode,
    ).toBe(403);
    const notMine = await giveBack(otherDriver, o.job.id, { reason: 'too_far' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe('Job not found');
    const noNote = await giveBack(driver, o.job.id, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toContain('Please say in a few words why');
    expect((await giveBack(driver, o.job.id, { reason: 'bored' })).statusCode).toBe(400);
    expect((await giveBack(driver, o.job.id, { reason: 'too_far', driverId: otherDriver.id })).statusCode).toBe(400);
    expect((await jobRow(o.job.id)).driverId).toBe(driver.id);

    await handOver(t, shop, o.orderId);
    const late = await giveBack(driver, o.job.id, { reason: 'too_far' });
    expect(late.statusCode).toBe(409);
    expect((await orderRow(o.orderId)).status).toBe('OUT_FOR_DELIVERY');
    expect(await returnsOf(otherDriver.id)).toHaveLength(0);
  });
});

describe('returnJobToBoard for ops', () => {
  it("takes any driver off a job before pickup, inside the caller's transaction", async () => {
    const o = await takenJob(otherDriver);
    const returned = await inTransaction({ db: t.database.db, bus: t.app.deps.bus }, ({ tx, nested }) =>
      returnJobToBoard(tx, nested.bus, {
        target: { orderId: o.orderId },
        actor: { kind: 'ops', userId: opsId, name: 'Ops' },
        reason: 'Driver phoned in sick',
      }),
    );
    expect(returned).toMatchObject({ jobId: o.job.id, driverId: otherDriver.id, status: 'ACCEPTED' });
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'ACCEPTED', driverId: null });
    const [counted] = (await returnsOf(otherDriver.id)).filter((r) => r.jobId === o.job.id);
    expect(counted).toMatchObject({ returnedBy: 'ops', actorId: opsId, reason: 'Driver phoned in sick' });

    // The back office sees the count on the driver's record.
    const ops = await signIn(t, 'ops-unassign@example.com');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/drivers?q=${encodeURIComponent(otherDriver.email)}`,
      headers: { cookie: ops },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().drivers[0]).toMatchObject({ id: otherDriver.id, jobsReturned: 1 });
  });
});

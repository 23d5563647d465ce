import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, driverEarnings, orders, uploads, user } from '../db/schema/index';
import { type TestApp, createTestApp } from '../test/test-app';
import { handOver, offeredJob } from '../modules/dispatch/test-fixtures';
import { type Shop, seedShop } from '../modules/orders/test-fixtures';
import { FLEET_ACCOUNTS, type FleetDriver, ensureFleet, runDemoFleetOnce } from './demo-fleet';

let t: TestApp;
let shop: Shop;
let fleet: FleetDriver[];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  fleet = await ensureFleet(t.database.db);
});
afterAll(async () => t.close());

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus, storage: t.app.deps.uploadStorage });
const age = (id: string, column: 'created_at' | 'picked_up_at', seconds: number) =>
  t.database.db.execute(
    sql`update delivery_jobs set ${sql.raw(column)} = ${sql.raw(column)} - make_interval(secs => ${seconds}) where id = ${id}`,
  );

describe('the demo fleet', () => {
  it('creates its riders once', async () => {
    expect(await ensureFleet(t.database.db)).toEqual(fleet);
    const rows = await t.database.db
      .select()
      .from(user)
      .where(
        inArray(
          user.email,
          FLEET_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(rows).toHaveLength(3);
  });

  it('waits 30 seconds before taking an offer, then takes it through the real accept', async () => {
    const o = await offeredJob(t, shop);
    expect((await runDemoFleetOnce(deps(), fleet, null)).accepted).toBe(0);
    await age(o.job.id, 'created_at', 31);
    expect((await runDemoFleetOnce(deps(), fleet, null)).accepted).toBe(1);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job.status).toBe('assigned');
    expect(fleet.map((f) => f.id)).toContain(job.driverId);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.orderId)))[0].status).toBe(
      'DRIVER_ASSIGNED',
    );
  });

  it('delivers 30 seconds after the restaurant hands over, with the code, a proof photo and an earning', async () => {
    const o = await offeredJob(t, shop);
    await age(o.job.id, 'created_at', 31);
    await runDemoFleetOnce(deps(), fleet, null);
    await handOver(t, shop, o.orderId);
    expect((await runDemoFleetOnce(deps(), fleet, null)).delivered).toBe(0);
    await age(o.job.id, 'picked_up_at', 40); // handOver stamps 5 s ahead of the clock
    expect((await runDemoFleetOnce(deps(), fleet, null)).delivered).toBe(1);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job.status).toBe('completed');
    const [proof] = await t.database.db.select().from(uploads).where(eq(uploads.id, job.proofUploadId!));
    expect(proof).toMatchObject({
      purpose: 'proof_of_delivery',
      contentType: 'image/jpeg',
      ownerId: job.driverId,
      isPrivate: true,
    });
    expect(
      await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.deliveryJobId, job.id)),
    ).toHaveLength(1);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.orderId)))[0].status).toBe('DELIVERED');
  });
});

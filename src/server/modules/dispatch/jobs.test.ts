import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, orders, sites } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, seedShop, setSetting } from '../orders/test-fixtures';
import { type Driver, driverCall, newDriver, offeredJob } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let driver: Driver;
let base: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('GET /api/driver/jobs', () => {
  it("lists open offers in the driver's area, newest first, with the pay breakdown", async () => {
    const first = await offeredJob(t, shop);
    const second = await offeredJob(t, shop);
    const res = await driverCall(t, driver, 'GET', '/api/driver/jobs');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.area).toBe('E');
    expect(body.isOnline).toBe(true);
    const ids = body.jobs.map((j: { id: string }) => j.id);
    expect(ids.indexOf(second.job.id)).toBeLessThan(ids.indexOf(first.job.id));
    const listed = body.jobs.find((j: { id: string }) => j.id === first.job.id);
    expect(listed).toMatchObject({
      orderNumber: first.orderNumber,
      status: 'available',
      restaurantName: shop.siteName,
      // Before accepting, the destination is only its district.
      deliveryAddress: null,
      deliveryPostcode: 'E1',
      pay: {
        pickupPayMinor: 120,
        boostMinor: 0,
        totalPayMinor: 300,
        model: 'option_a',
        tipMinor: 0,
        totalWithTipMinor: 300,
      },
    });
    const p = listed.pay;
    expect(p.pickupPayMinor + p.distancePayMinor + p.boostMinor + p.adjustmentMinor).toBe(p.totalPayMinor);
    expect(body.payRules).toContain('Minimum £3.00 guaranteed');
  });

  it('honours the limit (10 by default)', async () => {
    for (let i = 0; i < 10; i++) await offeredJob(t, shop);
    expect((await driverCall(t, driver, 'GET', '/api/driver/jobs')).json().jobs).toHaveLength(10);
    expect((await driverCall(t, driver, 'GET', '/api/driver/jobs?limit=5')).json().jobs).toHaveLength(5);
  });

  it('leaves out jobs of other areas, taken jobs and expired offers', async () => {
    const [west] = await t.database.db
      .insert(sites)
      .values({
        ...shop.site,
        id: undefined,
        slug: `${shop.site.slug}-w1`,
        postcode: 'W1D 3QF',
        lat: 51.5136,
        lng: -0.1365,
      })
      .returning();
    const elsewhere = await offeredJob(t, shop, {
      siteId: west.id,
      deliveryPostcode: 'W1D 4HS',
      deliveryAddress: '1 Dean Street',
    });
    expect(elsewhere.job.pickupArea).toBe('W');
    const expired = await offeredJob(t, shop);
    await t.database.db
      .update(deliveryJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deliveryJobs.id, expired.job.id));
    const ids = (await driverCall(t, driver, 'GET', '/api/driver/jobs?limit=50'))
      .json()
      .jobs.map((j: { id: string }) => j.id);
    expect(ids).not.toContain(elsewhere.job.id);
    expect(ids).not.toContain(expired.job.id);
    const westDriver = await newDriver(t, { postcode: 'W1D 3QF' });
    const westIds = (await driverCall(t, westDriver, 'GET', '/api/driver/jobs'))
      .json()
      .jobs.map((j: { id: string }) => j.id);
    expect(westIds).toEqual([elsewhere.job.id]);
  });

  it('shows an empty board to a driver without a postcode', async () => {
    const nowhere = await newDriver(t, { postcode: null });
    const res = await driverCall(t, nowhere, 'GET', '/api/driver/jobs');
    expect(res.json()).toMatchObject({ jobs: [], area: null });
  });

  it('refuses drivers who are not approved, and everyone else', async () => {
    const pending = await newDriver(t, { status: 'pending' });
    expect((await driverCall(t, pending, 'GET', '/api/driver/jobs')).statusCode).toBe(403);
    expect((await driverCall(t, shop.partner as unknown as Driver, 'GET', '/api/driver/jobs')).statusCode).toBe(403);
    expect((await driverCall(t, null, 'GET', '/api/driver/jobs')).statusCode).toBe(401);
  });

  it('prices new jobs with the settings of the moment they are created', async () => {
    await setSetting(t, 'payout_model', 'option_b');
    await setSetting(t, 'delivery_fee_percentage', 100);
    await setSetting(t, 'minimum_pay_minor', 0);
    try {
      const after = await offeredJob(t, shop);
      // option_b: 100% of the branch's £2.49 fee.
      expect(after.job).toMatchObject({
        totalPayMinor: 249,
        pickupPayMinor: 249,
        distancePayMinor: 0,
        payModel: 'option_b',
      });
      const res = await driverCall(t, driver, 'GET', `/api/driver/jobs/${after.job.id}`);
      expect(res.json().job.pay).toMatchObject({ totalPayMinor: 249, model: 'option_b' });
    } finally {
      await setSetting(t, 'payout_model', 'option_a');
      await setSetting(t, 'delivery_fee_percentage', 85);
      await setSetting(t, 'minimum_pay_minor', 300);
    }
  });
});

describe('GET /api/driver/jobs/:jobId', () => {
  it("shows an open offer in the driver's area without the customer's details", async () => {
    const o = await offeredJob(t, shop);
    const res = await driverCall(t, driver, 'GET', `/api/driver/jobs/${o.job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({
      status: 'available',
      isMine: false,
      driverAssigned: false,
      pickupCode: null,
      customerName: null,
      customerPhone: null,
      deliveryLocation: null,
      itemCount: 3,
    });
  });

  it('answers 404 "Job not found" for another area\'s job, someone else\'s job and an unknown one', async () => {
    const o = await offeredJob(t, shop);
    const west = await newDriver(t, { postcode: 'W1' });
    let res = await driverCall(t, west, 'GET', `/api/driver/jobs/${o.job.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Job not found');
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    const other = await newDriver(t);
    res = await driverCall(t, other, 'GET', `/api/driver/jobs/${o.job.id}`);
    expect(res.statusCode).toBe(404);
    expect(
      (await driverCall(t, other, 'GET', '/api/driver/jobs/00000000-0000-4000-8000-000000000001')).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/driver/jobs/:jobId/accept', () => {
  it('assigns the job and the order to the driver, shows them the pickup code and the customer', async () => {
    const o = await offeredJob(t, shop);
    const res = await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({
      status: 'assigned',
      orderStatus: 'DRIVER_ASSIGNED',
      isMine: true,
      driverAssigned: true,
      pickupCode: o.job.pickupCode,
      customerName: 'Aisha Khan',
      deliveryAddress: '12 Commercial Street',
      deliveryPostcode: 'E1 6AN',
    });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order).toMatchObject({ status: 'DRIVER_ASSIGNED', driverId: driver.id });
    // A second tap returns the same job rather than an error.
    expect((await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`)).statusCode).toBe(200);
    // The board lists it among the driver's jobs under way, not among the offers.
    const board = (await driverCall(t, driver, 'GET', '/api/driver/jobs?limit=50')).json();
    expect(board.activeJobs.map((j: { id: string }) => j.id)).toContain(o.job.id);
    expect(board.jobs.map((j: { id: string }) => j.id)).not.toContain(o.job.id);
  });

  it('requires the driver to be online', async () => {
    const offline = await newDriver(t, { online: false });
    const o = await offeredJob(t, shop);
    const res = await driverCall(t, offline, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You must be online to accept jobs');
  });

  it("refuses a job outside the driver's area as not found", async () => {
    const o = await offeredJob(t, shop);
    const west = await newDriver(t, { postcode: 'W1' });
    expect((await driverCall(t, west, 'POST', `/api/driver/jobs/${o.job.id}/accept`)).statusCode).toBe(404);
  });

  it('refuses an offer that has run out', async () => {
    const o = await offeredJob(t, shop);
    await t.database.db
      .update(deliveryJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deliveryJobs.id, o.job.id));
    const res = await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Job is no longer available - it may have been taken by another driver');
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job).toMatchObject({ status: 'available', driverId: null });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.orderId)))[0].status).toBe('ACCEPTED');
  });

  it('lets exactly one of 50 drivers accepting at once win; the others hear the job is gone', async () => {
    const o = await offeredJob(t, shop);
    const drivers: Driver[] = [];
    for (let i = 0; i < 50; i++) drivers.push(await newDriver(t));
    const results = await Promise.all(
      drivers.map((d) => driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`)),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error.message).toBe('Job is no longer available - it may have been taken by another driver');
    }
    const winner = drivers[results.indexOf(winners[0])];
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job).toMatchObject({ status: 'assigned', driverId: winner.id });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, o.orderId)))[0]).toMatchObject({
      status: 'DRIVER_ASSIGNED',
      driverId: winner.id,
    });
  }, 120_000);

  it('pushes job.taken to the area and the new status to the customer and the restaurant', async () => {
    const o = await offeredJob(t, shop);
    const area = await openStream(base, '/api/events?topics=jobs:E', driver.cookie);
    const customer = await openStream(
      base,
      `/api/events?topics=order:${o.orderId}&orderToken=${encodeURIComponent(o.orderToken)}`,
    );
    const staff = await openStream(base, `/api/events?topics=site:${shop.site.id}`, shop.partner.cookie);
    streams.push(area, customer, staff);
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
    expect((await area.waitFor((e) => e.type === 'job.taken')).data).toEqual({
      jobId: o.job.id,
      orderId: o.orderId,
      area: 'E',
    });
    expect((await customer.waitFor((e) => e.type === 'order.status')).data).toMatchObject({
      status: 'DRIVER_ASSIGNED',
    });
    expect((await customer.waitFor((e) => e.type === 'driver.assigned')).data).toMatchObject({
      estimatedArrival: '8-12 min',
    });
    expect((await staff.waitFor((e) => e.type === 'order.status')).data).toMatchObject({ status: 'DRIVER_ASSIGNED' });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, notificationOutbox, sites } from '../../db/schema/index';
import { runJobReachOnce } from '../../jobs/job-reach';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { call, listen } from '../admin/test-fixtures';
import { type Shop, seedShop } from '../orders/test-fixtures';
import { type Driver, newDriver, offeredJob } from './test-fixtures';

// Dispatch by distance (docs/decisions/0158-dispatch-by-distance.md), on PGlite and PostgreSQL alike.
let t: TestApp;
let shop: Shop;
let base: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  base = await listen(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

/** A branch of the shop's brand at a given point, and a job offered from it. */
async function jobAt(tag: string, lat: number, lng: number) {
  const [site] = await t.database.db
    .insert(sites)
    .values({ ...shop.site, id: undefined, slug: `${shop.site.slug}-${tag}`, lat, lng })
    .returning();
  return offeredJob(t, shop, { siteId: site.id });
}

/** Puts the job's offer `minutes` into the past, as if nobody had taken it for that long. */
async function age(jobId: string, minutes: number) {
  await t.database.db
    .update(deliveryJobs)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(deliveryJobs.id, jobId));
}

const board = async (d: Driver) => {
  const res = await call(t, d, 'GET', '/api/driver/jobs?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (b: { jobs: { id: string }[] }) => b.jobs.map((j) => j.id);

describe('the jobs board by distance', () => {
  it('shows a driver in EC a job in E1 next door, with its distance in miles to one decimal and the pay', async () => {
    const ec = await newDriver(t, { postcode: 'EC1' });
    const o = await offeredJob(t, shop);
    const b = await board(ec);
    expect(b).toMatchObject({ radiusMiles: 3, centre: 'postcode', area: 'EC' });
    const job = b.jobs.find((j: { id: string }) => j.id === o.job.id);
    expect(job).toBeDefined();
    expect(job.awayMiles).toBeGreaterThan(1);
    expect(job.awayMiles).toBeLessThan(2);
    expect(job.awayMiles * 10).toBe(Math.round(job.awayMiles * 10));
    expect(job.pay.totalPayMinor).toBeGreaterThan(0);
  });

  it('lists the nearest job first, whatever the order they were offered in', async () => {
    const d = await newDriver(t, { postcode: 'E1' });
    // About 1.2 miles north-east of Whitechapel, offered first; then one close by.
    const far = await jobAt('far', 51.5285, -0.035);
    const near = await jobAt('near', 51.5152, -0.0585);
    const order = ids(await board(d));
    expect(order.indexOf(near.job.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(near.job.id)).toBeLessThan(order.indexOf(far.job.id));
  });

  it("keeps jobs beyond the driver's chosen radius off the board, and saves the radius on the profile", async () => {
    const d = await newDriver(t, { postcode: 'EC1' });
    const o = await offeredJob(t, shop);
    expect(ids(await board(d))).toContain(o.job.id);
    const set = await call(t, d, 'PATCH', '/api/driver/job-radius', { miles: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ jobRadiusMiles: 1 });
    expect((await call(t, d, 'GET', '/api/driver/profile')).json().jobRadiusMiles).toBe(1);
    expect(ids(await board(d))).not.toContain(o.job.id);
    // Nor may they open or accept it.
    expect((await call(t, d, 'GET', `/api/driver/jobs/${o.job.id}`)).statusCode).toBe(404);
    expect((await call(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`)).statusCode).toBe(404);
  });

  it('refuses a radius outside 1 to 10 whole miles with the reason', async () => {
    const d = await newDriver(t);
    for (const miles of [0, 11, 2.5]) {
      const res = await call(t, d, 'PATCH', '/api/driver/job-radius', { miles });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Choose a radius from 1 to 10 miles');
    }
  });

  it('widens an untaken job step by step, so a driver farther away sees it later', async () => {
    // Leyton to Whitechapel: about 3.9 miles between the driver's centre and the pickup.
    const far = await newDriver(t, { postcode: 'E10' });
    await call(t, far, 'PATCH', '/api/driver/job-radius', { miles: 10 });
    const o = await offeredJob(t, shop);
    expect(ids(await board(far))).not.toContain(o.job.id);
    await age(o.job.id, 1); // reach still 3 miles
    expect(ids(await board(far))).not.toContain(o.job.id);
    await age(o.job.id, 4); // reach 5 miles
    expect(ids(await board(far))).toContain(o.job.id);
  });

  it('announces each widening step to the drivers it newly reaches, live and through the outbox, once', async () => {
    const far = await newDriver(t, { postcode: 'E10' });
    await call(t, far, 'PATCH', '/api/driver/job-radius', { miles: 10 });
    const near = await newDriver(t, { postcode: 'E1' });
    const farStream = await openStream(base, `/api/events?topics=user:${far.id}`, far.cookie);
    streams.push(farStream);
    const o = await offeredJob(t, shop);
    const offered = (driverId: string) =>
      t.database.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.eventKind, 'newJob'),
            eq(notificationOutbox.eventId, `job:${o.job.id}:offered`),
            eq(notificationOutbox.recipientUserId, driverId),
          ),
        );
    expect((await offered(near.id)).length).toBeGreaterThan(0);
    expect(await offered(far.id)).toHaveLength(0);
    await age(o.job.id, 4);
    await runJobReachOnce({ db: t.database.db, bus: t.app.deps.bus });
    const nearRows = (await offered(near.id)).length;
    expect((await offered(far.id)).length).toBeGreaterThan(0);
    const heard = await farStream.waitFor(
      (e) => e.type === 'job.created' && (e.data as { jobId: string }).jobId === o.job.id,
    );
    expect(heard.data).toMatchObject({ jobId: o.job.id, orderId: o.orderId, area: 'E' });
    // The next pass with nothing new to reach tells nobody again.
    await runJobReachOnce({ db: t.database.db, bus: t.app.deps.bus });
    expect((await offered(near.id)).length).toBe(nearRows);
    const [row] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(row.announcedReachMiles).toBe(5);
  });

  it('tells a new job live only to the drivers it reaches', async () => {
    const ec = await newDriver(t, { postcode: 'EC1' });
    const west = await newDriver(t, { postcode: 'W1' });
    const ecStream = await openStream(base, `/api/events?topics=user:${ec.id}`, ec.cookie);
    const westStream = await openStream(base, `/api/events?topics=user:${west.id}`, west.cookie);
    streams.push(ecStream, westStream);
    const o = await offeredJob(t, shop);
    const mine = (e: { type: string; data: unknown }) =>
      e.type === 'job.created' && (e.data as { jobId: string }).jobId === o.job.id;
    expect((await ecStream.waitFor(mine)).data).toMatchObject({ jobId: o.job.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(westStream.events.filter(mine)).toHaveLength(0);
  });

  it("centres the board on the driver's shared position while it is fresh, and on the postcode again after", async () => {
    const d = await newDriver(t, { postcode: 'W1' });
    const o = await offeredJob(t, shop);
    expect(ids(await board(d))).not.toContain(o.job.id);
    const put = await call(t, d, 'PUT', '/api/driver/board-position', { lat: 51.5185, lng: -0.072 });
    expect(put.statusCode, put.body).toBe(200);
    const b = await board(d);
    expect(b.centre).toBe('position');
    expect(ids(b)).toContain(o.job.id);
    expect((await call(t, d, 'DELETE', '/api/driver/board-position')).statusCode).toBe(200);
    const after = await board(d);
    expect(after.centre).toBe('postcode');
    expect(ids(after)).not.toContain(o.job.id);
  });

  it('keeps the radius and position routes to approved drivers', async () => {
    const pending = await newDriver(t, { status: 'pending' });
    for (const [method, url, body] of [
      ['PATCH', '/api/driver/job-radius', { miles: 3 }],
      ['PUT', '/api/driver/board-position', { lat: 51.5, lng: -0.1 }],
      ['DELETE', '/api/driver/board-position', undefined],
    ] as const) {
      expect((await call(t, null, method, url, body)).statusCode).toBe(401);
      expect((await call(t, pending, method, url, body)).statusCode).toBe(403);
      expect((await call(t, shop.partner, method, url, body)).statusCode).toBe(403);
    }
  });
});

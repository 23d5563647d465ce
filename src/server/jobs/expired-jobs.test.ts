import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs } from '../db/schema/index';
import { type Stream, openStream } from '../test/sse-client';
import { type TestApp, createTestApp } from '../test/test-app';
import { driverCall, newDriver, offeredJob } from '../modules/dispatch/test-fixtures';
import { type Shop, seedShop } from '../modules/orders/test-fixtures';
import { REOFFER_MINUTES, runExpiredJobsOnce } from './expired-jobs';

let t: TestApp;
let shop: Shop;
let base: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });
const expire = (id: string) =>
  t.database.db
    .update(deliveryJobs)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(deliveryJobs.id, id));

describe('the expired-jobs sweeper', () => {
  it('offers an expired job again with a new expiry and announces it to the area', async () => {
    const driver = await newDriver(t);
    const o = await offeredJob(t, shop);
    await expire(o.job.id);
    expect(
      (await driverCall(t, driver, 'GET', '/api/driver/jobs')).json().jobs.map((j: { id: string }) => j.id),
    ).not.toContain(o.job.id);
    const area = await openStream(base, '/api/events?topics=jobs:E', driver.cookie);
    streams.push(area);
    const now = new Date();
    const result = await runExpiredJobsOnce(deps(), now);
    expect(result.reoffered).toBeGreaterThanOrEqual(1);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, o.job.id));
    expect(job.expiresAt.getTime()).toBe(now.getTime() + REOFFER_MINUTES * 60_000);
    expect(job.status).toBe('available');
    const e = await area.waitFor((x) => x.type === 'job.created' && (x.data as { jobId: string }).jobId === o.job.id);
    expect(e.data).toMatchObject({ orderId: o.orderId, area: 'E', reoffered: true });
    expect(
      (await driverCall(t, driver, 'GET', '/api/driver/jobs')).json().jobs.map((j: { id: string }) => j.id),
    ).toContain(o.job.id);
  });

  it('leaves open offers and taken jobs alone', async () => {
    const driver = await newDriver(t);
    const open = await offeredJob(t, shop);
    const taken = await offeredJob(t, shop);
    await driverCall(t, driver, 'POST', `/api/driver/jobs/${taken.job.id}/accept`);
    await expire(taken.job.id);
    await runExpiredJobsOnce(deps());
    const [a] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, open.job.id));
    const [b] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, taken.job.id));
    expect(a.expiresAt.getTime()).toBe(open.job.expiresAt.getTime());
    expect(b.expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it('re-offers each job once when several sweepers run at the same moment', async () => {
    const jobs = [await offeredJob(t, shop), await offeredJob(t, shop), await offeredJob(t, shop)];
    for (const o of jobs) await expire(o.job.id);
    const results = await Promise.all([
      runExpiredJobsOnce(deps()),
      runExpiredJobsOnce(deps()),
      runExpiredJobsOnce(deps()),
    ]);
    expect(results.reduce((n, r) => n + r.reoffered, 0)).toBe(3);
  });
});

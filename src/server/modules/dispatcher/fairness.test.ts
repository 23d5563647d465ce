import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverEarnings, jobOffers, userProfiles } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Driver, driverCall, newDriver } from '../dispatch/test-fixtures';
import { type DispatcherCity, dispatcherCity } from './test-fixtures';

// Fairness by earnings per online hour in the dispatcher's round
// (docs/decisions/0283-learned-travel-and-fair-earnings.md), on PGlite and PostgreSQL.
let t: TestApp;
let city: DispatcherCity;
const HOUR = 3_600_000;

const round = () => city.round();

beforeAll(async () => {
  t = await createTestApp();
  city = await dispatcherCity(t, 'fair');
});
afterAll(async () => {
  await t.close();
});

/** A driver half a kilometre east of the branch who went online through the app two hours ago. */
async function onlineDriver(): Promise<Driver> {
  const d = await newDriver(t, { online: false });
  await t.database.db
    .update(userProfiles)
    .set({ homeLat: city.e1.lat, homeLng: city.e1.lng + 0.5 / 69.4 })
    .where(eq(userProfiles.userId, d.id));
  const res = await driverCall(t, d, 'PATCH', '/api/driver/availability', { isOnline: true });
  expect(res.statusCode, res.body).toBe(200);
  return d;
}

/** What the driver earned at `at` (the earnings ledger's own rows, as a delivered job writes them). */
const earned = (driverId: string, totalMinor: number, at: Date) =>
  t.database.db.insert(driverEarnings).values({ driverId, totalMinor, pickupPayMinor: totalMinor, createdAt: at });

describe('two drivers placed alike', () => {
  it('are offered a job in order of lower earnings per online hour, counting only the current session', async () => {
    const db = t.database.db;
    // Every other driver offline, every earlier job run out: only these two are candidates.
    await city.fresh();
    const a = await onlineDriver();
    const b = await onlineDriver();
    // Going online starts the session; a second "online" keeps its start.
    const [own] = await db.select().from(userProfiles).where(eq(userProfiles.userId, a.id));
    expect(own.onlineSince).toBeInstanceOf(Date);
    await driverCall(t, a, 'PATCH', '/api/driver/availability', { isOnline: true });
    const [again] = await db.select().from(userProfiles).where(eq(userProfiles.userId, a.id));
    expect(again.onlineSince).toEqual(own.onlineSince);

    // Ties go to the lower id: let the higher id earn less per hour, so only fairness can put them first.
    const [lo, hi] = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
    const since = new Date(Date.now() - 2 * HOUR);
    await db.update(userProfiles).set({ onlineSince: since }).where(eq(userProfiles.userId, lo.id));
    await db.update(userProfiles).set({ onlineSince: since }).where(eq(userProfiles.userId, hi.id));
    // This session: lo £30 in two hours (£15 an hour), hi £10 (£5 an hour). hi earned £200 yesterday,
    // before this session, which must not count (it would make them the higher earner).
    await earned(lo.id, 3000, new Date(Date.now() - HOUR));
    await earned(hi.id, 1000, new Date(Date.now() - HOUR));
    await earned(hi.id, 20_000, new Date(Date.now() - 26 * HOUR));

    const { job } = await city.dispatchJob();
    expect((await round()).offered).toBe(1);
    const [first] = await db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(first.driverId).toBe(hi.id);

    // hi turns it down: the other driver is next.
    const declined = await driverCall(t, hi, 'POST', `/api/driver/offers/${first.id}/decline`, { reason: 'other' });
    expect(declined.statusCode, declined.body).toBe(200);
    await round();
    const offers = await db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id)).orderBy(jobOffers.offeredAt);
    expect(offers.map((o) => [o.driverId, o.status])).toEqual([
      [hi.id, 'declined'],
      [lo.id, 'offered'],
    ]);

    // Going offline ends the session.
    await driverCall(t, lo, 'PATCH', '/api/driver/availability', { isOnline: false });
    const [off] = await db.select().from(userProfiles).where(eq(userProfiles.userId, lo.id));
    expect(off.onlineSince).toBeNull();
  });

  it('with earnings left out (the same rate), the lower id is first: the order above came from earnings', async () => {
    const db = t.database.db;
    await city.fresh();
    const a = await onlineDriver();
    const b = await onlineDriver();
    const [lo] = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1));
    const { job } = await city.dispatchJob();
    await round();
    const [first] = await db.select().from(jobOffers).where(eq(jobOffers.jobId, job.id));
    expect(first.driverId).toBe(lo.id);
  });
});

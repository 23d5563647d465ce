import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cities, deliveryJobs, orders, sites, userProfiles } from '../../db/schema/index';
import { type RoundResult, runDispatcherRoundOnce } from '../../jobs/dispatcher-round';
import type { TestApp } from '../../test/test-app';
import { type Driver, newDriver, offeredJob } from '../dispatch/test-fixtures';
import { type Shop, seedShop } from '../orders/test-fixtures';

const MIN = 60_000;

/**
 * A shop in a London city on the dispatcher, and what the dispatcher's tests do to it: rounds at a moment,
 * drivers placed east of the branch, only some drivers online, jobs the restaurant accepted a while ago.
 */
export type DispatcherCity = {
  shop: Shop;
  citySlug: string;
  /** The branch's position. */
  e1: { lat: number; lng: number };
  /** A dispatcher round, as if `minutes` had passed since now. */
  round(minutes?: number): Promise<RoundResult>;
  /** An approved online driver `kmEast` kilometres east of the branch (their postcode's centre there). */
  driverAt(kmEast: number): Promise<Driver>;
  /** Takes every other driver offline, so only these are candidates. */
  onlyOnline(...drivers: Driver[]): Promise<void>;
  /** A clean slate: every job an earlier test left open runs out, and only these drivers are online. */
  fresh(...drivers: Driver[]): Promise<void>;
  /**
   * A delivery order the restaurant accepted five minutes ago (past the policy's hold, so the best placed
   * driver is offered it at once), promised `promisedMinutes` after that when given.
   */
  dispatchJob(
    over?: Record<string, unknown>,
    promisedMinutes?: number,
  ): Promise<Awaited<ReturnType<typeof offeredJob>>>;
};

/** Seeds a shop and moves its branch into a new city on the dispatcher (slug `<prefix>-xxxxxx`). */
export async function dispatcherCity(t: TestApp, prefix = 'london'): Promise<DispatcherCity> {
  const db = t.database.db;
  const shop = await seedShop(t);
  const e1 = { lat: shop.site.lat!, lng: shop.site.lng! };
  const citySlug = `${prefix}-${randomUUID().slice(0, 6)}`;
  await db.insert(cities).values({
    slug: citySlug,
    name: 'London',
    region: 'Greater London',
    population: 9_000_000,
    description: 'The capital',
    lat: e1.lat,
    lng: e1.lng,
    postcodeArea: 'E',
    dispatchMode: 'dispatcher',
  });
  await db.update(sites).set({ citySlug }).where(eq(sites.id, shop.site.id));

  const round = (minutes = 0) =>
    runDispatcherRoundOnce({ db, bus: t.app.deps.bus }, new Date(Date.now() + minutes * MIN));
  const onlyOnline = async (...drivers: Driver[]) => {
    await db.update(userProfiles).set({ isOnline: false }).where(eq(userProfiles.userType, 'driver'));
    for (const d of drivers) await db.update(userProfiles).set({ isOnline: true }).where(eq(userProfiles.userId, d.id));
  };
  return {
    shop,
    citySlug,
    e1,
    round,
    onlyOnline,
    async driverAt(kmEast) {
      const d = await newDriver(t);
      await db
        .update(userProfiles)
        .set({ homeLat: e1.lat, homeLng: e1.lng + kmEast / 69.4 })
        .where(eq(userProfiles.userId, d.id));
      return d;
    },
    async fresh(...drivers) {
      await db
        .update(deliveryJobs)
        .set({ expiresAt: new Date(Date.now() - MIN) })
        .where(eq(deliveryJobs.status, 'available'));
      await round(0);
      await onlyOnline(...drivers);
    },
    async dispatchJob(over = {}, promisedMinutes) {
      const placed = await offeredJob(t, shop, over);
      await db
        .update(deliveryJobs)
        .set({ createdAt: new Date(Date.now() - 5 * MIN) })
        .where(eq(deliveryJobs.id, placed.job.id));
      if (promisedMinutes !== undefined)
        await db.update(orders).set({ estimatedDeliveryTime: promisedMinutes }).where(eq(orders.id, placed.orderId));
      return placed;
    },
  };
}

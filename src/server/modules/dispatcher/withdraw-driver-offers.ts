import type { Db } from '../../db/client';
import { wakeDispatcher } from '../../platform/dispatcher-wake';
import type { LiveBus } from '../../platform/live-bus';
import { driverOffers, publishEnded, withdrawOffers } from './withdraw-offers';

/**
 * A driver going offline frees their open offer at once: it is withdrawn and the round runs again, so
 * the next driver is offered the job without waiting out the window (docs/product/driver.md#offers).
 */
export async function withdrawDriverOffers(deps: { db: Db; bus: LiveBus }, driverId: string, now = new Date()) {
  const ended = await withdrawOffers(deps.db, driverOffers(driverId), 'offline', now);
  await publishEnded(deps.bus, ended);
  if (ended.length) wakeDispatcher();
  return ended.length;
}

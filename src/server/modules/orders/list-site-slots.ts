import { type Slot, generateSlots } from '../../../domain/schedule';
import type { DbOrTx } from '../../db/client';
import { type OrderSite, loadOrderSite } from './price-order';
import { prayerTimesAt } from './prayer-times';

/**
 * The slots a branch offers for an order for later (docs/product/customer.md#order-for-later): none
 * while it is not active or its partner has switched it closed; iftar and Jumu'ah slots only where
 * its location is known.
 */
export function slotsOf(site: OrderSite, now: Date): Slot[] {
  if (site.status !== 'active' || !site.isOpen) return [];
  const prayerTimes =
    site.lat !== null && site.lng !== null ? prayerTimesAt({ lat: site.lat, lng: site.lng }) : undefined;
  return generateSlots({ openingHours: site.openingHours, now, prayerTimes });
}

/** GET /api/sites/:siteId/slots (public): 404 for a branch that does not exist. */
export async function listSiteSlots(db: DbOrTx, siteId: string, now = new Date()): Promise<{ slots: Slot[] }> {
  return { slots: slotsOf(await loadOrderSite(db, siteId), now) };
}

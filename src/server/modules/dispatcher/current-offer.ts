import { and, eq, gt, sql } from 'drizzle-orm';
import type { OfferView } from '../../../domain/contracts/driver/offers';
import { normalisePostcode } from '../../../domain/geo';
import { jobPay, withTip } from '../../../domain/pay';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, jobOffers, orders, userProfiles } from '../../db/schema/index';
import { at, driverJobMilesSql } from '../reach';

const district = (postcode: string | null) => (postcode ? (normalisePostcode(postcode)?.outward ?? null) : null);

async function jobCard(db: DbOrTx, jobId: string) {
  const [row] = await db
    .select({ job: deliveryJobs, tipMinor: orders.tipMinor, orderNumber: orders.orderNumber })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(eq(deliveryJobs.id, jobId))
    .limit(1);
  return row;
}

/**
 * The driver's open offer as their card shows it (docs/product/driver.md#offers): districts, not
 * addresses, until they accept; for a stacked offer, the job they hold that it would ride with
 * (docs/decisions/0282-stacked-orders-and-chaining.md). Null when none is
 * open (or its window has run out and the round has not yet moved it on).
 */
export async function currentOffer(db: DbOrTx, driverId: string, now = new Date()): Promise<OfferView | null> {
  const away = sql<number | null>`${driverJobMilesSql('user_profiles', 'delivery_jobs', at(now))}`;
  const [row] = await db
    .select({ offer: jobOffers, job: deliveryJobs, tipMinor: orders.tipMinor, awayMiles: away })
    .from(jobOffers)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, jobOffers.jobId))
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .innerJoin(userProfiles, eq(userProfiles.userId, jobOffers.driverId))
    .where(and(eq(jobOffers.driverId, driverId), eq(jobOffers.status, 'offered'), gt(jobOffers.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { offer, job } = row;
  const second = offer.stackedJobId ? await jobCard(db, offer.stackedJobId) : null;
  return {
    id: offer.id,
    jobId: job.id,
    status: offer.status,
    restaurantName: job.restaurantName,
    pickupDistrict: district(job.pickupPostcode),
    dropDistrict: district(job.deliveryPostcode),
    distanceMiles: job.distanceMiles,
    awayMiles: row.awayMiles === null ? null : Math.round(Number(row.awayMiles) * 10) / 10,
    pay: withTip(jobPay(job), row.tipMinor),
    offeredAt: offer.offeredAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    stacked: second
      ? {
          jobId: second.job.id,
          orderNumber: second.orderNumber,
          firstDrop: offer.stackDropOrder === 'offered_first' ? ('offered' as const) : ('held' as const),
          restaurantName: second.job.restaurantName,
          pickupDistrict: district(second.job.pickupPostcode),
          dropDistrict: district(second.job.deliveryPostcode),
          pay: withTip(jobPay(second.job), second.tipMinor),
        }
      : null,
  };
}

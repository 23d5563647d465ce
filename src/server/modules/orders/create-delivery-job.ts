import { siteDisplayName } from '../../../domain/checkout';
import { straightLineEstimate } from '../../../domain/eta';
import { distanceMiles } from '../../../domain/geo';
import { PAY_SETTING_KEYS, calculateDriverPay, parsePaySettings, storedPayOf } from '../../../domain/pay';
import { postcodeArea } from '../../../domain/topics';
import type { Tx } from '../../db/client';
import { deliveryJobs, type orders, type sites } from '../../db/schema/index';
import { fourDigitCode } from './codes';
import { readSettings } from '../../platform/tenant-settings';

const JOB_OFFER_MINUTES = 30;
/** docs/product/driver.md#jobs-board: the estimated duration when the trip cannot be measured. */
const DEFAULT_DURATION_MINUTES = 15;

/**
 * The delivery job drivers in the pickup area see, created in the accepting transaction
 * (docs/product/orders.md#order-flow: "dispatch creates a delivery job row that drivers in the area see live").
 * Returns the job's id and area for the job.created event sent after commit.
 */
export async function createDeliveryJob(
  tx: Tx,
  order: typeof orders.$inferSelect,
  site: typeof sites.$inferSelect & { brandName: string },
  now: Date,
): Promise<{ id: string; area: string; totalPayMinor: number }> {
  const from = site.lat !== null && site.lng !== null ? { lat: site.lat, lng: site.lng } : null;
  const to =
    order.deliveryLat !== null && order.deliveryLng !== null
      ? { lat: order.deliveryLat, lng: order.deliveryLng }
      : null;
  const miles = from && to ? Math.round(distanceMiles(from, to) * 100) / 100 : 0;
  const duration = from && to ? straightLineEstimate(from, to).travelTimeMinutes : DEFAULT_DURATION_MINUTES;
  const settings = parsePaySettings(await readSettings(tx, PAY_SETTING_KEYS));
  const pay = calculateDriverPay(settings, miles, order.deliveryFeeMinor, order.totalMinor, now);
  // Drivers follow jobs by the letters of the pickup postcode; a branch without one falls back to the customer's.
  const area = postcodeArea(site.postcode ?? '') ?? postcodeArea(order.deliveryPostcode ?? '') ?? 'XX';

  const [job] = await tx
    .insert(deliveryJobs)
    .values({
      orderId: order.id,
      siteId: site.id,
      status: 'available',
      pickupCode: fourDigitCode(),
      pickupAddress: site.address,
      pickupPostcode: site.postcode,
      pickupArea: area,
      pickupLat: site.lat,
      pickupLng: site.lng,
      deliveryAddress: order.deliveryAddress ?? '',
      deliveryPostcode: order.deliveryPostcode,
      deliveryLat: order.deliveryLat,
      deliveryLng: order.deliveryLng,
      restaurantName: siteDisplayName(site.brandName, site.name),
      customerName: order.customerName,
      distanceMiles: miles,
      deliveryFeeMinor: order.deliveryFeeMinor,
      customerOrderTotalMinor: order.totalMinor,
      totalPayMinor: pay.totalPayMinor,
      // The breakdown the driver is shown and paid from (domain/pay.ts jobPay).
      ...storedPayOf(pay),
      estimatedDurationMinutes: duration,
      expiresAt: new Date(now.getTime() + JOB_OFFER_MINUTES * 60_000),
      createdAt: now,
    })
    .returning({ id: deliveryJobs.id });
  return { id: job.id, area, totalPayMinor: pay.totalPayMinor };
}

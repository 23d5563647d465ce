import { z } from 'zod';
import { DECLINE_REASONS, OFFER_MESSAGES, OFFER_STATUSES } from '../../dispatch-offers';
import { jobPayView } from './jobs';

/**
 * A stacked offer (docs/product/driver.md#stacked-orders): the job the driver already holds, which the
 * offered job would ride with, its drop district and its own pay, and which customer is visited first.
 */
const stackedView = z.object({
  jobId: z.uuid(),
  orderNumber: z.string(),
  /** `held`: the held job's customer first, then the offered one's; `offered`: the other way round. */
  firstDrop: z.enum(['held', 'offered']),
  restaurantName: z.string(),
  pickupDistrict: z.string().nullable(),
  dropDistrict: z.string().nullable(),
  pay: jobPayView,
});

/**
 * One timed offer as the driver's card shows it (docs/product/driver.md#offers): pay, the pickup and
 * drop-off as postcode districts (never addresses before accepting), the trip's distance, how far the
 * pickup is from the driver, and when the offer runs out.
 */
export const offerView = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  restaurantName: z.string(),
  pickupDistrict: z.string().nullable(),
  dropDistrict: z.string().nullable(),
  distanceMiles: z.number(),
  /** Miles from the driver's centre to the pickup; null when the driver has no centre. */
  awayMiles: z.number().nullable(),
  pay: jobPayView,
  offeredAt: z.string(),
  expiresAt: z.string(),
  stacked: stackedView.nullable(),
});
export type OfferView = z.infer<typeof offerView>;

/** GET /api/driver/offers/current: the driver's open offer, if any. */
export const currentOfferResponse = z.object({ offer: offerView.nullable() });
export type CurrentOfferResponse = z.infer<typeof currentOfferResponse>;

export const offerParams = z.strictObject({ offerId: z.uuid(OFFER_MESSAGES.notFound) });

/** POST /api/driver/offers/:offerId/decline: a reason from the list, and a note if they like. */
export const declineOfferBody = z.strictObject({
  reason: z.enum(DECLINE_REASONS, { error: 'Choose a reason' }),
  note: z.string().trim().max(200, OFFER_MESSAGES.noteTooLong).optional(),
});
export type DeclineOfferBody = z.infer<typeof declineOfferBody>;
export const declineOfferResponse = z.object({ declined: z.literal(true) });

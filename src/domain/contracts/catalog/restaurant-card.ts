import { z } from 'zod';
import { HALAL_STATUSES } from '../../halal';
import { WEEKDAYS } from '../../opening-hours';

/**
 * One branch as a search result card (docs/product/customer.md#restaurant-cards, "Restaurant branch (display card)").
 * Money in pence; the ETA already includes the branch's current busy extra minutes.
 */
export const restaurantCard = z.object({
  id: z.string(),
  slug: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  /** The site's own name, e.g. "Whitechapel". */
  branchName: z.string(),
  city: z.string(),
  cuisines: z.array(z.string()),
  /** Average of the reviews to one decimal; null while the branch has none. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  etaMinMinutes: z.number().int(),
  etaMaxMinutes: z.number().int(),
  deliveryFeeMinor: z.number().int(),
  minOrderMinor: z.number().int(),
  halalStatus: z.enum(HALAL_STATUSES),
  /** ISO timestamp of the last halal verification; null when never verified. */
  lastVerifiedAt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** Open Now: switched on, inside today's hours (Europe/London) and not paused. */
  isOpen: z.boolean(),
  /**
   * When a closed branch next opens by its hours (domain/next-opening.ts: "Opens at 17:00"); null
   * while open, when switched off, or when no day has hours.
   */
  nextOpening: z.object({ weekday: z.enum(WEEKDAYS), time: z.string(), daysAhead: z.number().int() }).nullable(),
  /** Whether the branch's radius reaches the customer's known postcode; null when none is known. */
  deliversHere: z.boolean().nullable(),
  /** Straight-line distance from the searched (or deliverTo) postcode, one decimal; null when none is known. */
  distanceKm: z.number().nullable(),
  description: z.string().nullable(),
  address: z.string(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  deliveryRadiusKm: z.number(),
  /**
   * The restaurant offer running now, in the customer's words ("20% off, up to £5";
   * docs/product/offers.md#where-customers-see-them); null or absent without one.
   */
  offerLabel: z.string().nullable().optional(),
});
export type RestaurantCard = z.infer<typeof restaurantCard>;

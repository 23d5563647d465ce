import { z } from 'zod';
import { REVIEW_STATUSES } from '../../restaurant-review';
import { adminArea } from '../../policies';
import { api } from '../endpoint';

/** The review queue's filter: submitted by default (docs/product/admin.md#restaurants). */
export const restaurantsQuery = z.strictObject({
  status: z.enum([...REVIEW_STATUSES, 'all']).default('submitted'),
});

export const restaurantRow = z.object({
  siteId: z.uuid(),
  siteName: z.string(),
  brandId: z.uuid(),
  brandName: z.string(),
  brandSuspended: z.boolean(),
  city: z.string(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  submittedAt: z.iso.datetime().nullable(),
});
export type RestaurantRow = z.infer<typeof restaurantRow>;
export const restaurantsResponse = z.object({ restaurants: z.array(restaurantRow) });

export const restaurantParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });
export const brandReviewParams = z.strictObject({ brandId: z.uuid('brandId must be a UUID') });

export const restaurantDetail = restaurantRow.extend({
  address: z.string(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cuisines: z.array(z.string()),
  deliveryFeeMinor: z.number().int(),
  deliveryRadiusKm: z.number(),
  minOrderMinor: z.number().int(),
  reviewMessage: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  brandSuspensionReason: z.string().nullable(),
  halalStatus: z.string(),
  owners: z.array(z.object({ name: z.string().nullable(), email: z.string() })),
  menu: z.array(z.object({ section: z.string().nullable(), name: z.string(), priceMinor: z.number().int() })),
});
export type RestaurantDetail = z.infer<typeof restaurantDetail>;
export const restaurantDetailResponse = z.object({ restaurant: restaurantDetail });

const message = z.string().trim().max(1000, 'Message is at most 1000 characters');

/** A reviewer's decision on a location; a request for changes and a suspension say why. */
export const siteReviewBody = z
  .strictObject({
    action: z.enum(['approve', 'request_changes', 'suspend', 'reinstate'], { error: 'Please choose an action' }),
    message: message.optional(),
  })
  .refine((b) => !(b.action === 'request_changes' || b.action === 'suspend') || !!b.message, {
    message: 'Please say what the partner should know',
    path: ['message'],
  });
export type SiteReviewBody = z.input<typeof siteReviewBody>;

/** Suspending or reinstating a whole brand. */
export const brandReviewBody = z
  .strictObject({
    action: z.enum(['suspend', 'reinstate'], { error: 'Please choose an action' }),
    message: message.optional(),
  })
  .refine((b) => b.action !== 'suspend' || !!b.message, {
    message: 'Please say what the partner should know',
    path: ['message'],
  });
export type BrandReviewBody = z.input<typeof brandReviewBody>;

/** The back office's Restaurants page: the review queue, a location's detail and the decisions. */
export const restaurantsEndpoints = {
  getAdminRestaurants: api('GET /api/admin/restaurants', adminArea('restaurants'))
    .takes({ query: restaurantsQuery })
    .answers({ 200: restaurantsResponse }),
  getAdminRestaurantsBySiteId: api('GET /api/admin/restaurants/:siteId', adminArea('restaurants'))
    .takes({ params: restaurantParams })
    .answers({ 200: restaurantDetailResponse }),
  postAdminRestaurantsBySiteIdReview: api('POST /api/admin/restaurants/:siteId/review', adminArea('restaurants'))
    .summary('Approve a location, request changes, suspend or reinstate it')
    .takes({ params: restaurantParams, body: siteReviewBody })
    .answers({ 200: restaurantDetailResponse }),
  postAdminBrandsByBrandIdReview: api('POST /api/admin/brands/:brandId/review', adminArea('restaurants'))
    .summary('Suspend or reinstate a whole brand')
    .takes({ params: brandReviewParams, body: brandReviewBody })
    .answers({ 200: z.object({ ok: z.literal(true) }) }),
};

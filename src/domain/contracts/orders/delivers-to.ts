import { z } from 'zod';

/** :siteId in GET /api/sites/:siteId/delivers-to. */
export const deliversToParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });

/** ?postcode=: the full UK postcode checkout has, as typed or picked. */
export const deliversToQuery = z.strictObject({
  postcode: z.string().trim().min(1, 'postcode is required').max(12, 'postcode must be at most 12 characters'),
});

/**
 * Whether the branch delivers to the postcode, by the rule placing an order enforces
 * (docs/decisions/0173-delivery-range-at-checkout.md). 400 "Please enter a valid UK postcode" for
 * text that is not a full postcode the geocoder knows; 404 for a branch customers cannot order from.
 */
export const deliversToResponse = z.object({
  /** The postcode as normalised ("E1 6AN"). */
  postcode: z.string(),
  deliversHere: z.boolean(),
  /** "{branch} does not deliver to {postcode}. Choose Pickup or another address.", or null when it does. */
  message: z.string().nullable(),
});
export type DeliversToResponse = z.infer<typeof deliversToResponse>;

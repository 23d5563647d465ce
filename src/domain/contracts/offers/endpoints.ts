import { z } from 'zod';
import { TIME_OF_DAY } from '../../branch-settings';
import { OFFER_KINDS, OFFER_LIMITS } from '../../offers';
import { WEEKDAYS } from '../../opening-hours';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
const time = z.string().regex(TIME_OF_DAY, 'Times are HH:MM, 00:00 to 23:59');
const pence = (max: number, what: string) =>
  z
    .number()
    .int(`${what} is a whole number of pence`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is at most £${max / 100}`);

export const brandOffersParams = z.strictObject({ brandId: z.uuid('brandId must be a UUID') });
export const offerParams = z.strictObject({ offerId: z.uuid('offerId must be a UUID') });

/**
 * An offer as the partner console writes it (docs/product/offers.md#making-an-offer): the kind and
 * its figures, the location (none: every location of the brand) and when it runs, on London dates
 * and times. The figures a kind needs are checked by `offerProblem` (domain/offers.ts) and named.
 */
export const offerBody = z.strictObject({
  kind: z.enum(OFFER_KINDS, { error: `Kind is one of ${OFFER_KINDS.join(', ')}` }),
  siteId: z.uuid('siteId must be a UUID').nullable().default(null),
  percent: z
    .number()
    .int('Percent is a whole number')
    .min(OFFER_LIMITS.percentMin, `Percent is at least ${OFFER_LIMITS.percentMin}`)
    .max(OFFER_LIMITS.percentMax, `Percent is at most ${OFFER_LIMITS.percentMax}`)
    .nullable()
    .default(null),
  capMinor: pence(OFFER_LIMITS.capMaxMinor, 'The cap').min(1, 'The cap is at least 1p').nullable().default(null),
  amountMinor: pence(OFFER_LIMITS.amountMaxMinor, 'The amount').nullable().default(null),
  minSpendMinor: pence(OFFER_LIMITS.minSpendMaxMinor, 'The minimum spend').default(0),
  itemIds: z.array(z.uuid('Each item is a UUID')).max(OFFER_LIMITS.itemsMax).default([]),
  startsOn: isoDate,
  endsOn: isoDate.nullable().default(null),
  days: z
    .array(z.enum(WEEKDAYS, { error: 'Days are weekday names, monday to sunday' }))
    .max(7)
    .default([]),
  from: time.nullable().default(null),
  until: time.nullable().default(null),
});
export type OfferBody = z.input<typeof offerBody>;

export const partnerOffer = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  siteId: z.uuid().nullable(),
  siteName: z.string().nullable(),
  kind: z.enum(OFFER_KINDS),
  percent: z.number().int().nullable(),
  capMinor: z.number().int().nullable(),
  amountMinor: z.number().int().nullable(),
  minSpendMinor: z.number().int(),
  itemIds: z.array(z.string()),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  days: z.array(z.enum(WEEKDAYS)),
  from: z.string().nullable(),
  until: z.string().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** The customer's words: "20% off, up to £5". */
  label: z.string(),
  /** Whether it runs now, on the London clock. */
  live: z.boolean(),
});
export type PartnerOffer = z.infer<typeof partnerOffer>;

export const offerResponse = z.object({ offer: partnerOffer });
export const listOffersResponse = z.object({ offers: z.array(partnerOffer) });

/** The partner console's offers (owner or admin of the brand; docs/product/offers.md). */
export const offersEndpoints = {
  getPartnerBrandsByBrandIdOffers: api('GET /api/partner/brands/:brandId/offers', POLICIES.partner)
    .summary("List a brand's offers")
    .takes({ params: brandOffersParams })
    .answers({ 200: listOffersResponse }),
  postPartnerBrandsByBrandIdOffers: api('POST /api/partner/brands/:brandId/offers', POLICIES.partner)
    .summary('Create an offer for the brand or one location')
    .takes({ params: brandOffersParams, body: offerBody })
    .answers({ 201: offerResponse }),
  putPartnerOffersByOfferId: api('PUT /api/partner/offers/:offerId', POLICIES.partner)
    .summary('Change an offer')
    .takes({ params: offerParams, body: offerBody })
    .answers({ 200: offerResponse }),
  postPartnerOffersByOfferIdEnd: api('POST /api/partner/offers/:offerId/end', POLICIES.partner)
    .summary('End an offer now')
    .takes({ params: offerParams })
    .answers({ 200: offerResponse }),
};

import { z } from 'zod';
import { READINESS_CHECKS, REVIEW_STATUSES } from '../../restaurant-review';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { siteParams } from './sites';

/** One location as the partner's onboarding page shows it (docs/product/partner.md#becoming-a-partner). */
export const onboardingSite = z.object({
  id: z.uuid(),
  name: z.string(),
  city: z.string(),
  postcode: z.string().nullable(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  reviewMessage: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Items on the brand's menu that this location sells. */
  menuItemCount: z.number().int(),
  /** Each check of the readiness rule, done or not (domain/restaurant-review.ts reviewReadiness). */
  readiness: z.object(
    Object.fromEntries(READINESS_CHECKS.map((c) => [c, z.boolean()])) as Record<
      (typeof READINESS_CHECKS)[number],
      z.ZodBoolean
    >,
  ),
  /** Every check done: the server takes a submission for review (when the status allows one). */
  readyForReview: z.boolean(),
});
export type OnboardingSite = z.infer<typeof onboardingSite>;

export const onboardingBrand = z.object({
  id: z.uuid(),
  name: z.string(),
  suspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  sites: z.array(onboardingSite),
});
export type OnboardingBrand = z.infer<typeof onboardingBrand>;

export const onboardingResponse = z.object({ brands: z.array(onboardingBrand) });
export type OnboardingResponse = z.infer<typeof onboardingResponse>;
export const submitReviewResponse = z.object({ site: onboardingSite });

/** A partner's way onto HalalNosh: their brands' locations with their review, and submitting one. */
export const onboardingEndpoints = {
  getPartnerOnboarding: api('GET /api/partner/onboarding', POLICIES.partner)
    .summary("The caller's brands (owner or admin) and each location's review state and message")
    .answers({ 200: onboardingResponse }),
  postPartnerSitesBySiteIdSubmitReview: api('POST /api/partner/sites/:siteId/submit-review', POLICIES.partner)
    .summary('Submit a draft location, or one with requested changes, for review')
    .takes({ params: siteParams })
    .answers({ 200: submitReviewResponse }),
};

import { z } from 'zod';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

/** The platform terms and whether this driver or partner must accept them (docs/decisions/0154-terms-acceptance.md). */
export const termsResponse = z.object({
  version: z.string(),
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  /** A driver or partner who has not accepted this version; customers and staff never. */
  mustAccept: z.boolean(),
});
export type TermsResponse = z.infer<typeof termsResponse>;

/** The version the person read; a stale one (the setting moved on meanwhile) is a 409. */
export const acceptTermsBody = z.strictObject({ version: z.string().trim().min(1).max(20) });

export const termsEndpoints = {
  getTerms: api('GET /api/terms', POLICIES.signedIn).answers({ 200: termsResponse }),
  postTermsAccept: api('POST /api/terms/accept', POLICIES.signedIn)
    .summary('Record that a driver or partner accepts the current terms version')
    .takes({ body: acceptTermsBody })
    .answers({ 200: termsResponse }),
};

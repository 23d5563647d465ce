import { z } from 'zod';
import { HALAL_STATUSES } from '../../halal';
import { CERTIFICATE_SCOPES } from '../../halal-facts';
import { halalFactsView } from './partner-halal';

export const restaurantSlugParams = z.strictObject({ slug: z.string().min(1).max(200) });

/** GET /api/restaurants/:slug/halal: the "Halal details" panel and the public history. */
export const halalDetailsResponse = z.object({
  halalStatus: z.enum(HALAL_STATUSES),
  statusLabel: z.string(),
  lastVerifiedAt: z.string().nullable(),
  /** The current approved certificate, when there is one. */
  certificate: z
    .object({
      certifyingBodyName: z.string(),
      certificateNumber: z.string(),
      expiresOn: z.string(),
      scope: z.enum(CERTIFICATE_SCOPES),
    })
    .nullable(),
  /** What the partner declared; null when nothing is declared yet. */
  facts: halalFactsView.nullable(),
  halalItemIds: z.array(z.string()),
  /** Public history: dates and statuses only (never who or why). */
  history: z.array(z.object({ at: z.string(), status: z.enum(HALAL_STATUSES), statusLabel: z.string() })),
});
export type HalalDetailsResponse = z.infer<typeof halalDetailsResponse>;

export const halalConcernBody = z.strictObject({
  message: z
    .string()
    .trim()
    .min(10, 'Please describe the concern (at least 10 characters)')
    .max(2000, 'Please keep it under 2000 characters'),
  email: z.email('Enter a valid e-mail address').max(200).optional(),
});
export type HalalConcernBody = z.infer<typeof halalConcernBody>;
export const halalConcernResponse = z.object({ ticketNumber: z.string() });
/** The concern dialog's confirmation (kept in domain/halal.ts, so the web page needs no zod). */
export { HALAL_CONCERN_SENT } from '../../halal';

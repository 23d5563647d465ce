import { z } from 'zod';
import { HALAL_STATUSES } from '../../halal';
import {
  CERTIFICATE_SCOPES,
  CERTIFICATE_STATUSES,
  CERTIFYING_BODIES,
  HALAL_SCOPES,
  SLAUGHTER_METHODS,
} from '../../halal-facts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');

export const halalSiteParams = z.strictObject({ siteId: z.uuid('Location not found') });

/**
 * POST /api/partner/sites/:siteId/halal/certificates. Strict: a partner cannot send a halal
 * status (or anything else unknown); only HalalNosh sets the status (docs/decisions/0070-halal-trust.md).
 */
export const submitCertificateBody = z
  .strictObject({
    certifyingBody: z.enum(CERTIFYING_BODIES, { error: 'Choose the certifying body' }),
    certifyingBodyOther: z.string().trim().max(120).optional(),
    certificateNumber: z.string().trim().min(1, 'Enter the certificate number').max(80),
    issuedOn: isoDate,
    expiresOn: isoDate,
    uploadId: z.uuid('Upload the certificate document'),
    scope: z.enum(CERTIFICATE_SCOPES),
    itemIds: z.array(z.uuid()).max(500).default([]),
  })
  .refine((b) => b.certifyingBody !== 'other' || !!b.certifyingBodyOther, {
    message: 'Enter the name of the certifying body',
    path: ['certifyingBodyOther'],
  })
  .refine((b) => b.scope !== 'listed_items' || b.itemIds.length > 0, {
    message: 'Choose the items the certificate covers',
    path: ['itemIds'],
  });
export type SubmitCertificateBody = z.infer<typeof submitCertificateBody>;

export const certificateView = z.object({
  id: z.uuid(),
  certifyingBody: z.enum(CERTIFYING_BODIES),
  certifyingBodyName: z.string(),
  certificateNumber: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  scope: z.enum(CERTIFICATE_SCOPES),
  itemIds: z.array(z.string()),
  status: z.enum(CERTIFICATE_STATUSES),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  documentUrl: z.string(),
  createdAt: z.string(),
});
export type CertificateView = z.infer<typeof certificateView>;

export const halalFactsView = z.object({
  alcoholServed: z.boolean(),
  porkOnPremises: z.boolean(),
  slaughterMethod: z.enum(SLAUGHTER_METHODS),
  halalScope: z.enum(HALAL_SCOPES),
  /** Set only when the partner has declared the facts. */
  updatedAt: z.string().nullable(),
});

/** PUT /api/partner/sites/:siteId/halal/facts. halalItemIds: the items marked halal when only some are. */
export const saveHalalFactsBody = z.strictObject({
  alcoholServed: z.boolean(),
  porkOnPremises: z.boolean(),
  slaughterMethod: z.enum(SLAUGHTER_METHODS),
  halalScope: z.enum(HALAL_SCOPES),
  halalItemIds: z.array(z.uuid()).max(1000).default([]),
});
export type SaveHalalFactsBody = z.infer<typeof saveHalalFactsBody>;

export const partnerHalalResponse = z.object({
  siteId: z.uuid(),
  halalStatus: z.enum(HALAL_STATUSES),
  lastVerifiedAt: z.string().nullable(),
  facts: halalFactsView,
  halalItemIds: z.array(z.string()),
  /** The brand's menu items, to choose from for a listed-items certificate or the per-item flags. */
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  certificates: z.array(certificateView),
  /** The current certificate lapses within 30 days and no renewal awaits review ("Certificate renews soon"). */
  renewsSoon: z.boolean(),
});
export type PartnerHalalResponse = z.infer<typeof partnerHalalResponse>;

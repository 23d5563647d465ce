import { z } from 'zod';
import { HALAL_STATUSES } from '../../halal';
import { CERTIFICATE_STATUSES } from '../../halal-facts';
import { certificateView } from './partner-halal';

export const adminCertificatesQuery = z.strictObject({
  status: z.enum([...CERTIFICATE_STATUSES, 'all']).default('pending'),
});

export const adminCertificateView = certificateView.extend({
  siteId: z.uuid(),
  siteName: z.string(),
  siteSlug: z.string(),
  brandName: z.string(),
  halalStatus: z.enum(HALAL_STATUSES),
  contentType: z.string(),
  /** Framed in the admin page (docs/decisions/0052-driver-approval-and-documents.md, 0071). */
  previewUrl: z.string(),
  reviewedByName: z.string().nullable(),
});
export type AdminCertificateView = z.infer<typeof adminCertificateView>;
export const adminCertificatesResponse = z.object({ certificates: z.array(adminCertificateView) });
export type AdminCertificatesResponse = z.infer<typeof adminCertificatesResponse>;

export const certificateParams = z.strictObject({ certificateId: z.uuid('Certificate not found') });
export const rejectCertificateBody = z.strictObject({
  reason: z.string().trim().min(3, 'Give the partner a reason').max(1000),
});
export const reviewCertificateResponse = z.object({ certificate: adminCertificateView });

export const ticketParams = z.strictObject({ ticketId: z.uuid('Ticket not found') });
export const siteParams = z.strictObject({ siteId: z.uuid('Location not found') });
/** Suspend or reinstate: the reason goes to the history and the audit log; the ticket links the concern. */
export const siteHalalActionBody = z.strictObject({
  reason: z.string().trim().min(3, 'Give a reason').max(1000),
  ticketId: z.uuid().optional(),
});
export const historyEntry = z.object({
  at: z.string(),
  fromStatus: z.enum(HALAL_STATUSES).nullable(),
  toStatus: z.enum(HALAL_STATUSES),
  reason: z.string(),
  actorName: z.string(),
});
export const adminSiteHalalResponse = z.object({
  siteId: z.uuid(),
  siteName: z.string(),
  brandName: z.string(),
  slug: z.string(),
  halalStatus: z.enum(HALAL_STATUSES),
  lastVerifiedAt: z.string().nullable(),
  history: z.array(historyEntry),
});
export type AdminSiteHalalResponse = z.infer<typeof adminSiteHalalResponse>;

import type { CertificateView } from '../../../domain/contracts/halal/partner-halal';
import { certifyingBodyName } from '../../../domain/halal-facts';
import type { halalCertificates } from '../../db/schema/index';

type Row = typeof halalCertificates.$inferSelect;

/** A certificate row as partners and admins see it; the document is the private upload. */
export function toCertificateView(row: Row): CertificateView {
  return {
    id: row.id,
    certifyingBody: row.certifyingBody,
    certifyingBodyName: certifyingBodyName(row.certifyingBody, row.certifyingBodyOther),
    certificateNumber: row.certificateNumber,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    scope: row.scope,
    itemIds: row.itemIds,
    status: row.status,
    rejectionReason: row.rejectionReason,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    documentUrl: `/api/uploads/${row.uploadId}`,
    createdAt: row.createdAt.toISOString(),
  };
}

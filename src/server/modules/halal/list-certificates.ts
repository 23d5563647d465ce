import { asc, desc, eq } from 'drizzle-orm';
import type { AdminCertificateView } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { type CertificateStatus, londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { brands, halalCertificates, sites, uploads, user } from '../../db/schema/index';
import { type UploadStorage, openStoredFile } from '../../platform/upload-storage';
import { toCertificateView } from './certificate-rows';
import { halalStatusSql } from './halal-status-sql';

function selectCertificates(db: DbOrTx, today = londonDate(new Date())) {
  return db
    .select({
      cert: halalCertificates,
      siteName: sites.name,
      siteSlug: sites.slug,
      brandName: brands.name,
      halalStatus: halalStatusSql(today),
      contentType: uploads.contentType,
      reviewerName: user.name,
    })
    .from(halalCertificates)
    .innerJoin(sites, eq(sites.id, halalCertificates.siteId))
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .innerJoin(uploads, eq(uploads.id, halalCertificates.uploadId))
    .leftJoin(user, eq(user.id, halalCertificates.reviewedBy));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCertificates>['execute']>>[number];

function toAdminView(r: Row): AdminCertificateView {
  return {
    ...toCertificateView(r.cert),
    siteId: r.cert.siteId,
    siteName: r.siteName,
    siteSlug: r.siteSlug,
    brandName: r.brandName,
    halalStatus: r.halalStatus,
    contentType: r.contentType,
    previewUrl: `/api/admin/halal/certificates/${r.cert.id}/preview`,
    reviewedByName: r.reviewerName,
  };
}

/** The verifier's queue: pending first-come first-served; other statuses newest first. */
export async function listCertificates(db: DbOrTx, status: CertificateStatus | 'all'): Promise<AdminCertificateView[]> {
  const q = selectCertificates(db);
  const rows =
    status === 'all'
      ? await q.orderBy(desc(halalCertificates.createdAt)).limit(200)
      : await q
          .where(eq(halalCertificates.status, status))
          .orderBy(status === 'pending' ? asc(halalCertificates.createdAt) : desc(halalCertificates.updatedAt))
          .limit(200);
  return rows.map(toAdminView);
}

export async function getAdminCertificate(db: DbOrTx, id: string): Promise<AdminCertificateView> {
  const [row] = await selectCertificates(db).where(eq(halalCertificates.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Certificate not found');
  return toAdminView(row);
}

/** The certificate's document, for the framed preview. */
export async function readCertificateDocument(deps: { db: DbOrTx; storage: UploadStorage }, id: string) {
  const [row] = await deps.db
    .select({ storageKey: uploads.storageKey, contentType: uploads.contentType })
    .from(halalCertificates)
    .innerJoin(uploads, eq(uploads.id, halalCertificates.uploadId))
    .where(eq(halalCertificates.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'File not found');
  const file = await openStoredFile(deps.storage, row.storageKey);
  return { body: file.body, contentLength: file.contentLength, contentType: row.contentType };
}

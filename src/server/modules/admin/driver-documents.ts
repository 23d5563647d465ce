import { and, eq } from 'drizzle-orm';
import type { DriverDocumentsResponse } from '../../../domain/contracts/admin/drivers';
import {
  DRIVER_DOCUMENT_KINDS,
  type DriverDocumentKind,
  missingDocuments,
  requiredDocuments,
} from '../../../domain/driver-approval';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { driverDocuments, uploads } from '../../db/schema/index';
import { type UploadStorage, openStoredFile } from '../../platform/upload-storage';
import { findDriver } from './driver-rows';

/** The "View Documents" dialog: each uploaded document, what the application needs and what is missing. */
export async function getDriverDocuments(db: Db, driverId: string): Promise<DriverDocumentsResponse> {
  const driver = await findDriver(db, driverId);
  if (!driver) throw new AppError('NOT_FOUND', 'Driver not found');
  const rows = await db
    .select({
      kind: driverDocuments.kind,
      uploadId: uploads.id,
      contentType: uploads.contentType,
      sizeBytes: uploads.sizeBytes,
      createdAt: driverDocuments.createdAt,
    })
    .from(driverDocuments)
    .innerJoin(uploads, eq(uploads.id, driverDocuments.uploadId))
    .where(eq(driverDocuments.driverId, driverId));
  const order = (k: DriverDocumentKind) => DRIVER_DOCUMENT_KINDS.indexOf(k);
  const documents = rows
    .sort((a, b) => order(a.kind) - order(b.kind))
    .map((r) => ({
      kind: r.kind,
      uploadId: r.uploadId,
      url: `/api/uploads/${r.uploadId}`,
      previewUrl: `/api/admin/drivers/${encodeURIComponent(driverId)}/documents/${r.kind}/preview`,
      contentType: r.contentType,
      sizeBytes: r.sizeBytes,
      uploadedAt: r.createdAt.toISOString(),
    }));
  return {
    driver,
    documents,
    required: requiredDocuments(driver.vehicleType),
    missing: missingDocuments(
      driver.vehicleType,
      documents.map((d) => d.kind),
    ),
  };
}

/** One driver document's file, for the in-page preview. */
export async function readDriverDocument(
  deps: { db: Db; storage: UploadStorage },
  driverId: string,
  kind: DriverDocumentKind,
) {
  const [row] = await deps.db
    .select({ storageKey: uploads.storageKey, contentType: uploads.contentType })
    .from(driverDocuments)
    .innerJoin(uploads, eq(uploads.id, driverDocuments.uploadId))
    .where(and(eq(driverDocuments.driverId, driverId), eq(driverDocuments.kind, kind)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'File not found');
  const file = await openStoredFile(deps.storage, row.storageKey);
  return { body: file.body, contentLength: file.contentLength, contentType: row.contentType };
}

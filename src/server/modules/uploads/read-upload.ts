import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { type Actor, canUseAdminArea } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import { type UploadStorage, openStoredFile } from '../../platform/upload-storage';

/**
 * Reads an upload for this caller. Public files (menu images, logos) are anyone's; a private
 * one only its owner's and authorised staff's: driver documents for admins who manage drivers,
 * halal certificates for admins of the halal area, proofs of delivery for any admin. Anyone else is told it does not exist.
 */
export async function readUpload(deps: { db: Db; storage: UploadStorage }, actor: Actor | null, id: string) {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'File not found');
  if (row.isPrivate) {
    const owner = !!actor && actor.userId === row.ownerId;
    const staff =
      !!actor?.adminRole &&
      (row.purpose === 'driver_document'
        ? canUseAdminArea(actor.adminRole, 'drivers')
        : row.purpose === 'halal_certificate'
          ? canUseAdminArea(actor.adminRole, 'halal')
          : true);
    if (!owner && !staff) throw new AppError('NOT_FOUND', 'File not found');
  }
  // Opened only after the checks above: a stranger learns nothing, not even whether the file is there.
  const file = await openStoredFile(deps.storage, row.storageKey);
  return { body: file.body, contentLength: file.contentLength, contentType: row.contentType, isPrivate: row.isPrivate };
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import { UPLOAD_RULES, type UploadPurpose, sniffFileType } from '../../../domain/uploads';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';

const MAX_EDGE = 1600;

// libvips keeps the results of its recent operations (up to 50 MB, with their pixels) for a
// repeat of the same operation, which never comes here: every upload is a new image. Process-wide;
// off so that an upload's memory goes back once it is stored (docs/decisions/0182-server-memory-on-pglite.md).
sharp.cache(false);

/**
 * Stores one uploaded file after checking what it really is. Images are decoded and re-encoded
 * (which drops EXIF data such as GPS, and anything hidden after the image), resized to at most
 * 1600 px on the long edge; PDFs are stored as they are.
 */
export async function storeUpload(
  deps: { db: Db; uploadDir: string },
  actor: Actor,
  purpose: UploadPurpose,
  data: Buffer,
) {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.may(actor)) throw new AppError('FORBIDDEN', 'You may not upload this kind of file.');
  const sniffed = sniffFileType(data.subarray(0, 16));
  if (!sniffed || !rule.accepts.includes(sniffed)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select a valid image file');
  }
  let body = data;
  let contentType: string = sniffed;
  let width: number | null = null;
  let height: number | null = null;
  if (sniffed !== 'application/pdf') {
    try {
      const pipeline = sharp(data, { animated: false, limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
      const out =
        sniffed === 'image/jpeg' || purpose === 'proof_of_delivery'
          ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
          : await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
      body = out.data;
      contentType = out.info.format === 'jpeg' ? 'image/jpeg' : 'image/webp';
      width = out.info.width;
      height = out.info.height;
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select a valid image file');
    }
  }
  const id = randomUUID();
  const ext = contentType === 'application/pdf' ? 'pdf' : contentType === 'image/jpeg' ? 'jpg' : 'webp';
  const storageKey = `${purpose}/${id}.${ext}`;
  await mkdir(path.join(deps.uploadDir, purpose), { recursive: true });
  await writeFile(path.join(deps.uploadDir, storageKey), body);
  const [row] = await deps.db
    .insert(uploads)
    .values({
      id,
      ownerId: actor.userId,
      purpose,
      storageKey,
      contentType,
      sizeBytes: body.length,
      width,
      height,
      isPrivate: rule.private,
    })
    .returning();
  return { id: row.id, url: `/api/uploads/${row.id}`, contentType, sizeBytes: body.length, width, height };
}

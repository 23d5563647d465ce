import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import {
  MAX_IMAGE_PIXELS,
  UPLOAD_RULES,
  type UploadPurpose,
  imageTooLargeMessage,
  sniffFileType,
} from '../../../domain/uploads';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites, uploads } from '../../db/schema/index';
import type { UploadStorage } from '../../platform/upload-storage';
import { staffSiteIds } from '../partner';

const MAX_EDGE = 1600;

// libvips keeps the results of its recent operations (up to 50 MB, with their pixels) for a
// repeat of the same operation, which never comes here: every upload is a new image. Process-wide;
// off so that an upload's memory goes back once it is stored (docs/decisions/0182-server-memory-on-pglite.md).
sharp.cache(false);

/** Review states in which HalalNosh has seen, or is about to see, a location. */
const SUBMITTED = ['submitted', 'changes_requested', 'approved'] as const;

export const NO_SUBMITTED_LOCATION =
  'You can add photos once your location has been submitted for review. Until then, add your menu without photos, or give your logo as an https address.';

/**
 * Public images (menu photos, logos) are served to anyone, so a partner may upload them only while
 * working at a location that is submitted for review, sent back for changes or approved, not at a
 * draft, suspended or deleted one only (docs/decisions/0205-upload-limits-and-sweeping.md; the onboarding flow
 * reaches submission without photos: docs/decisions/0172-partner-onboarding-flow.md).
 */
async function requireSubmittedLocation(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      // staffSiteIds: live (not deleted) locations this partner works at.
      and(inArray(sites.id, staffSiteIds(db, userId)), inArray(sites.reviewStatus, [...SUBMITTED])),
    )
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', NO_SUBMITTED_LOCATION);
}

/**
 * Refuses an image with more than MAX_IMAGE_PIXELS from its header alone, before any pixel is
 * decoded: a 49 MP PNG of one colour is a few hundred kilobytes but costs over a second of CPU to
 * decode. sharp's limitInputPixels below still stops a file whose header understates its size.
 * An unreadable header is left to the decoder, which refuses it as not an image.
 */
async function refuseOversizedImage(data: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the first frame of an animation is decoded (animated: false), so only its height counts.
    const meta = await sharp(data, { animated: false }).metadata();
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch {
    return;
  }
  if (width && height && width * height > MAX_IMAGE_PIXELS) {
    throw new AppError('VALIDATION_ERROR', imageTooLargeMessage(width, height));
  }
}

/**
 * Stores one uploaded file after checking what it really is. Images are decoded and re-encoded
 * (which drops EXIF data such as GPS, and anything hidden after the image), resized to at most
 * 1600 px on the long edge; PDFs are stored as they are. The file goes to the configured storage (the
 * folder or the bucket) before its row is written, so a row never names a file that is not there.
 */
export async function storeUpload(
  deps: { db: Db; storage: UploadStorage },
  actor: Actor,
  purpose: UploadPurpose,
  data: Buffer,
) {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.may(actor)) throw new AppError('FORBIDDEN', 'You may not upload this kind of file.');
  if (!rule.private) await requireSubmittedLocation(deps.db, actor.userId);
  const sniffed = sniffFileType(data.subarray(0, 16));
  if (!sniffed || !rule.accepts.includes(sniffed)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select a valid image file');
  }
  let body = data;
  let contentType: string = sniffed;
  let width: number | null = null;
  let height: number | null = null;
  if (sniffed !== 'application/pdf') {
    await refuseOversizedImage(data);
    try {
      const pipeline = sharp(data, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
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
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw new AppError('VALIDATION_ERROR', 'Please select an image of at most 25 megapixels.');
      }
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select a valid image file');
    }
  }
  const id = randomUUID();
  const ext = contentType === 'application/pdf' ? 'pdf' : contentType === 'image/jpeg' ? 'jpg' : 'webp';
  const storageKey = `${purpose}/${id}.${ext}`;
  await deps.storage.put(storageKey, body, contentType);
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

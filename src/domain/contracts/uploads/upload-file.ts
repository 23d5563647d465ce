import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../../uploads';

/** POST /api/uploads?purpose=…: multipart/form-data with one file in the field "file". */
export const uploadQuery = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, {
    error: 'purpose must be one of menu_image, brand_logo, driver_document, proof_of_delivery, halal_certificate',
  }),
});

export const uploadResponse = z.object({
  id: z.uuid(),
  /** Where to fetch it: public files for anyone, private ones for their owner and authorised staff. */
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const uploadParams = z.strictObject({ id: z.uuid('Not found') });

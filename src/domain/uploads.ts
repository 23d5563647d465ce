import type { Actor } from './policies';

export const UPLOAD_PURPOSES = [
  'menu_image',
  'brand_logo',
  'driver_document',
  'proof_of_delivery',
  'halal_certificate',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * The most pixels an uploaded image may have: 25 megapixels. The 24 MP photo of a recent phone
 * (5712 × 4284) and an A4 page scanned at 300 dpi (2480 × 3508) fit; the 48 to 200 MP full-sensor
 * modes do not, and no menu photo, logo or document needs them, since everything is stored at
 * 1600 px at most (docs/decisions/0205-upload-limits-and-sweeping.md).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** The refusal of an image over MAX_IMAGE_PIXELS, saying how large it is. */
export function imageTooLargeMessage(width: number, height: number): string {
  const mp = ((width * height) / 1_000_000).toLocaleString('en-GB', { maximumFractionDigits: 1 });
  return `This image is ${mp} megapixels (${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels). Please select an image of at most 25 megapixels, such as a photo at your camera's standard size.`;
}

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'application/pdf';

/** What each purpose accepts, whether it is private, and who may upload it. */
export const UPLOAD_RULES: Record<
  UploadPurpose,
  { accepts: readonly SniffedType[]; private: boolean; may: (a: Actor) => boolean }
> = {
  menu_image: {
    accepts: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    private: false,
    may: (a) => a.userType === 'partner',
  },
  brand_logo: {
    accepts: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    private: false,
    may: (a) => a.userType === 'partner',
  },
  driver_document: {
    accepts: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    private: true,
    may: (a) => a.userType === 'driver',
  },
  proof_of_delivery: {
    accepts: ['image/jpeg'],
    private: true,
    may: (a) => a.userType === 'driver' && a.status === 'approved',
  },
  halal_certificate: {
    accepts: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    private: true,
    may: (a) => a.userType === 'partner',
  },
};

/**
 * The real type of a file from its first bytes, whatever its name says; null for anything
 * else (an HTML page renamed .png is null).
 */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  const b = head;
  const at = (i: number, ...bytes: number[]) => bytes.every((v, k) => b[i + k] === v);
  if (b.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (b.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (b.length >= 6 && (at(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || at(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61)))
    return 'image/gif';
  if (b.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (b.length >= 5 && at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

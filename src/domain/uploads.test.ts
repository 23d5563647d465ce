import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, imageTooLargeMessage, sniffFileType } from './uploads';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFileType', () => {
  it('recognises JPEG, PNG, GIF, WebP and PDF by their first bytes', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffFileType(text('GIF89a...'))).toBe('image/gif');
    expect(sniffFileType(text('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(text('%PDF-1.7'))).toBe('application/pdf');
  });
  it('refuses an HTML page whatever it is called', () => {
    expect(sniffFileType(text('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });
});

describe('imageTooLargeMessage', () => {
  it('says how large the image is and what fits, in en-GB numbers', () => {
    expect(imageTooLargeMessage(7000, 7000)).toBe(
      "This image is 49 megapixels (7,000 × 7,000 pixels). Please select an image of at most 25 megapixels, such as a photo at your camera's standard size.",
    );
  });
  it('lets the 24 MP photo of a recent phone through and not its 48 MP full-sensor mode', () => {
    expect(5712 * 4284).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    expect(8064 * 6048).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });
});

import { describe, expect, it } from 'vitest';
import { sniffFileType } from './uploads';

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

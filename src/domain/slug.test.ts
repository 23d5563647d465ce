import { describe, expect, it } from 'vitest';
import { slugWithSuffix, slugify } from './slug';

describe('slugify', () => {
  it('lowercases and turns runs of other characters into one dash', () => {
    expect(slugify('Kervan Ocakbasi -- Dalston!')).toBe('kervan-ocakbasi-dalston');
  });

  it('trims dashes from both ends', () => {
    expect(slugify('  (Main Branch)  ')).toBe('main-branch');
  });

  it('keeps digits', () => {
    expect(slugify('Grill 24/7')).toBe('grill-24-7');
  });

  it('drops accents rather than the letters under them', () => {
    expect(slugify('Café Olé')).toBe('cafe-ole');
  });

  it('falls back to "location" when nothing is left', () => {
    expect(slugify('???')).toBe('location');
  });
});

describe('slugWithSuffix', () => {
  it('adds a dash and four characters from a-z0-9', () => {
    expect(slugWithSuffix('main-branch')).toMatch(/^main-branch-[a-z0-9]{4}$/);
  });

  it('draws each character from the random source', () => {
    expect(slugWithSuffix('x', () => 0)).toBe('x-aaaa');
    expect(slugWithSuffix('x', () => 0.9999)).toBe('x-9999');
  });
});

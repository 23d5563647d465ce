import { describe, expect, it } from 'vitest';
import { QUICK_START_SECTIONS, checkImageFile, moveInList, parsePriceInput } from './menu';

describe('quick start', () => {
  it('offers Starters, Main Courses, Drinks and Desserts in sort orders 0 to 3', () => {
    expect(QUICK_START_SECTIONS.map((s) => [s.title, s.sortOrder])).toEqual([
      ['Starters', 0],
      ['Main Courses', 1],
      ['Drinks', 2],
      ['Desserts', 3],
    ]);
  });
});

describe('checkImageFile', () => {
  const ok = { name: 'kebab.JPG', type: 'image/jpeg', size: 1000 };

  it('accepts jpeg, jpg, png, gif and webp', () => {
    expect(checkImageFile(ok)).toBeNull();
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.jpeg', 'image/jpeg'],
    ]) {
      expect(checkImageFile({ name, type, size: 10 }), name).toBeNull();
    }
  });

  it('refuses other types with the product texts', () => {
    expect(checkImageFile({ name: 'menu.pdf', type: 'application/pdf', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select a valid image file',
    });
    expect(checkImageFile({ name: 'image.svg', type: 'image/svg+xml', size: 10 })?.title).toBe('Invalid file type');
  });

  it('refuses a file whose name does not end in an image extension', () => {
    expect(checkImageFile({ name: 'photo', type: 'image/png', size: 10 })?.title).toBe('Invalid file type');
  });

  it('refuses anything over 5 MB', () => {
    expect(checkImageFile({ ...ok, size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ ...ok, size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });
});

describe('parsePriceInput', () => {
  it('turns pounds into pence, rounding', () => {
    expect(parsePriceInput('6.5')).toBe(650);
    expect(parsePriceInput('£12.99')).toBe(1299);
    expect(parsePriceInput('1.005')).toBe(101);
    expect(parsePriceInput('0')).toBe(0);
  });

  it('gives null for empty, negative or non-numeric text', () => {
    expect(parsePriceInput('')).toBeNull();
    expect(parsePriceInput('-1')).toBeNull();
    expect(parsePriceInput('abc')).toBeNull();
    expect(parsePriceInput('.')).toBeNull();
  });
});

describe('moveInList', () => {
  it('swaps an entry with its neighbour', () => {
    expect(moveInList(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveInList(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list alone at either end', () => {
    expect(moveInList(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(moveInList(['a', 'b'], 'b', 1)).toEqual(['a', 'b']);
  });
});

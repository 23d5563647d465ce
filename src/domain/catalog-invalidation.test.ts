import { describe, expect, it } from 'vitest';
import {
  ANY_CHANGE,
  cellOf,
  cellsAround,
  droppedTags,
  parseChange,
  restaurantTags,
  searchTags,
} from './catalog-invalidation';

describe('catalog invalidation keys (docs/decisions/0246-narrow-cache-invalidation.md)', () => {
  it.each([
    [51.5074, -0.1278, '257,-1'],
    [51.6, 0.0, '258,0'],
    [53.4808, -2.2426, '267,-7'],
    [51.4, -0.34, '257,-2'],
    [-33.9, 18.4, '-170,55'],
  ])('puts %f, %f in cell %s (floor(lat × 5), floor(lng × 3), as the trigger)', (lat, lng, cell) => {
    expect(cellOf(lat, lng)).toBe(cell);
  });

  it('covers with its cells every point of the box the postcode search reads, at any latitude of the UK', () => {
    // Points at the edges and corners of the 20 km box (find-branches.ts) around many centres.
    for (const lat of [49.9, 50.8, 51.5074, 52.2, 53.48, 55.95, 58.6]) {
      for (const lng of [-6.3, -3.2, -0.1278, 0.0, 1.75]) {
        const cells = new Set(cellsAround(lat, lng, 20));
        const dLat = 20 / 111.32;
        const dLng = 20 / (111.32 * Math.cos((lat * Math.PI) / 180));
        for (const fy of [-1, -0.5, 0, 0.5, 1]) {
          for (const fx of [-1, -0.5, 0, 0.5, 1]) {
            expect(cells.has(cellOf(lat + fy * dLat, lng + fx * dLng))).toBe(true);
          }
        }
        expect(cells.size).toBeLessThanOrEqual(16);
      }
    }
  });

  it('tags near a pole as touched by any change rather than listing hundreds of cells', () => {
    expect(cellsAround(89.99, 0, 20)).toEqual([ANY_CHANGE]);
  });

  it.each([
    ['a city', { kind: 'city', known: true, citySlug: 'london' }, false, ['cities', 's:london']],
    ['a city, dishes', { kind: 'city', known: true, citySlug: 'london' }, true, ['cities', 's:london', 'd:london']],
    ['an unknown place', { kind: 'city', known: false }, false, ['cities']],
    ['an unknown postcode', { kind: 'postcode', known: false }, true, ['cities']],
  ] as const)('tags the search of %s', (_, location, dishes, tags) => {
    expect(searchTags(location, dishes, 20)).toEqual(tags);
  });

  it('tags a postcode search by the cells of its reach, and the menu cells too when it reads dishes', () => {
    const loc = { kind: 'postcode', known: true, lat: 51.5074, lng: -0.1278 } as const;
    const plain = searchTags(loc, false, 20);
    expect(plain[0]).toBe('cities');
    expect(plain).toContain('g:257,-1');
    expect(plain.every((t) => t === 'cities' || t.startsWith('g:'))).toBe(true);
    const dishes = searchTags(loc, true, 20);
    expect(dishes).toContain('dg:257,-1');
    expect(dishes.length).toBe(2 * plain.length - 1);
  });

  it('tags a restaurant page by its branch', () => {
    expect(restaurantTags('abc')).toEqual(['b:abc']);
  });

  it.each([
    ['12 b:x s:london g:257,-1', { version: '12', keys: ['b:x', 's:london', 'g:257,-1'] }],
    ['7 all', { version: '7', keys: ['all'] }],
    ['', null],
    ['12', null],
    ['x b:1', null],
  ])('reads the payload %j', (payload, change) => {
    expect(parseChange(payload)).toEqual(change);
  });

  it.each([
    [
      ['b:x', 's:london'],
      ['b:x', 's:london', ANY_CHANGE],
    ],
    [['all'], null],
    [['b:x', 'all'], null],
    [[], null],
  ])('drops for keys %j the tags %j (null: everything)', (keys, tags) => {
    expect(droppedTags(keys)).toEqual(tags);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ANY_CHANGE,
  cellOf,
  cellsAround,
  droppedTags,
  orderDeps,
  parseChange,
  ratingChangeKeys,
  restaurantTags,
  searchTags,
} from './catalog-invalidation';
import { SEARCH_FILTERS, type SearchFilter, matchesSearchFilters } from './search-filters';
import { SEARCH_SORTS, type SearchSort, type SortableBranch, firstInOrder, searchComparator } from './search-order';

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
    ['a city', { kind: 'city', known: true, citySlug: 'london' }, false, ['cities', 'cs:london', 'ra:london']],
    [
      'a city, dishes',
      { kind: 'city', known: true, citySlug: 'london' },
      true,
      ['cities', 'cs:london', 'd:london', 'ra:london'],
    ],
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
    // No branch reaches it: its answer follows no branch's card or rank.
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

  it('writes a rating change as its page, its rank and every rating it passed through', () => {
    // s: for the processes of the release before (migration 0046); this release's city searches carry cs:.
    expect(ratingChangeKeys('x', 'london', 4.3, 4.5)).toEqual([
      'b:x',
      'o:x',
      's:london',
      'ra:london',
      'r:london:43',
      'r:london:44',
      'r:london:45',
    ]);
    expect(ratingChangeKeys('x', 'london', 4, 4)).toEqual(['b:x', 'o:x', 's:london', 'ra:london', 'r:london:40']);
    // From no rating to one: "none" and every value from 1.0 up.
    const first = ratingChangeKeys('x', 'london', null, 1.2);
    expect(first.slice(4)).toEqual(['r:london:-1', 'r:london:10', 'r:london:11', 'r:london:12']);
  });

  it("tags a city search by the branches on its page and the ratings at the page's two ends", () => {
    const b = (id: string, rating: number | null) => ({ id, rating, km: null });
    const matching = [b('a', 4.8), b('b', 4.5), b('c', 4.3), b('d', null)];
    const deps = orderDeps('recommended', false, [], matching, matching.slice(1, 3));
    expect(deps).toEqual({ shown: ['b', 'c'], edgeTenths: [45, 43], topRated: false, near: null });
    const city = { kind: 'city', known: true, citySlug: 'london' } as const;
    expect(searchTags(city, false, 20, [], deps)).toEqual([
      'cities',
      'cs:london',
      'o:b',
      'o:c',
      'r:london:45',
      'r:london:43',
    ]);
    // Top Rated: a branch passing 4.5 enters or leaves every page; an empty page follows no rating but that.
    expect(searchTags(city, false, 20, [], orderDeps('rating', false, ['top'], matching, []))).toEqual([
      'cities',
      'cs:london',
      'r:london:45',
    ]);
    // Made without knowing its page (the city read whole in SQL): every rating of the city.
    expect(searchTags(city, false, 20)).toEqual(['cities', 'cs:london', 'ra:london']);
  });

  it('tags a postcode search nearest first by the cards of the branches reaching it and the rank of those on its page', () => {
    const loc = { kind: 'postcode', known: true, lat: 51.5074, lng: -0.1278 } as const;
    const b = (id: string, km: number) => ({ id, rating: 4, km });
    const matching = [b('a', 0.5), b('b', 0.9), b('c', 0.9), b('d', 2)];
    const page = matching.slice(0, 2);
    const tags = searchTags(
      loc,
      false,
      20,
      ['a', 'b', 'c', 'd', 'e'],
      orderDeps('recommended', true, [], matching, page),
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(tags).toContain(`c:${id}`);
    // On the page, or at the very distance of its last branch (a rating or pause can swap them).
    expect(tags.filter((t) => t.startsWith('o:'))).toEqual(['o:a', 'o:b', 'o:c']);
    // By rating, or with a chip a rating or pause changes: the rank of every branch reaching it.
    for (const [sort, filters] of [
      ['rating', []],
      ['fee', []],
      ['recommended', ['open']],
      ['distance', ['top']],
    ] as [SearchSort, SearchFilter[]][]) {
      const all = searchTags(loc, false, 20, ['a', 'b', 'c', 'd', 'e'], orderDeps(sort, true, filters, matching, page));
      expect(all.filter((t) => t.startsWith('o:'))).toEqual(['o:a', 'o:b', 'o:c', 'o:d', 'o:e']);
    }
  });

  // The proof of exactness (docs/decisions/0289-answers-that-show-the-branch.md): for random catalogs with many
  // ties, every sort, chip set and page, city and postcode, a change to one branch's rating, review count or open
  // flag that alters the answer (its count, its page or a card's rating, count or open flag) always has a key
  // among the answer's tags. The search's own functions make the answer, as branch-snapshot.ts does.
  it('drops every answer a rating or open-flag change alters, and keeps some others', () => {
    // mulberry32: a seeded generator in 32-bit integer arithmetic (the same draws on every run).
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    type Branch = SortableBranch & { id: string; halalStatus: string; offerLabel: string | null };
    const RATINGS = [3, 3.5, 4, 4.2, 4.4, 4.5, 4.6, 4.8, 5];
    const branch = (i: number, byPostcode: boolean): Branch => {
      const reviewCount = pick([0, 1, 2, 3, 3, 5]);
      return {
        id: `x${i}`,
        rating: reviewCount ? pick(RATINGS) : null,
        reviewCount,
        isOpen: random() < 0.6,
        brandName: pick(['Ali', 'Bab', 'Cedar']),
        branchName: pick(['East', 'West']),
        deliveryFeeMinor: pick([0, 199, 299]),
        etaMinMinutes: 20,
        etaMaxMinutes: pick([25, 35, 45]),
        km: byPostcode ? pick([0.4, 0.9, 1.3, 2.2, 3.5]) : null,
        halalStatus: pick(['verified', 'unverified']),
        offerLabel: null,
      };
    };
    const answer = (
      branches: Branch[],
      sort: SearchSort,
      byPostcode: boolean,
      filters: SearchFilter[],
      offset: number,
    ) => {
      const matching = branches.filter((x) => matchesSearchFilters(x, filters));
      const page = firstInOrder(matching, searchComparator(sort, byPostcode), offset + 4).slice(offset, offset + 4);
      const text = JSON.stringify([matching.length, page.map((x) => [x.id, x.rating, x.reviewCount, x.isOpen])]);
      return { matching, page, text };
    };
    let altered = 0;
    let kept = 0;
    for (let round = 0; round < 4000; round += 1) {
      const byPostcode = random() < 0.5;
      const sort = pick(SEARCH_SORTS.filter((x) => byPostcode || x !== 'distance'));
      const filters = SEARCH_FILTERS.filter((f) => f !== 'offers' && random() < 0.2);
      const branches = Array.from({ length: 6 + Math.floor(random() * 14) }, (_, i) => branch(i, byPostcode));
      const offset = pick([0, 4, 8, 12]);
      const before = answer(branches, sort, byPostcode, filters, offset);
      const deps = orderDeps(sort, byPostcode, filters, before.matching, before.page);
      const tags = byPostcode
        ? searchTags(
            { kind: 'postcode', known: true, lat: 51.5, lng: -0.1 },
            false,
            20,
            branches.map((x) => x.id),
            deps,
          )
        : searchTags({ kind: 'city', known: true, citySlug: 'london' }, false, 20, [], deps);
      // One branch's review (its count up by one, or an edit: the same count) or its pause or unpause.
      const i = Math.floor(random() * branches.length);
      const old = branches[i]!;
      let keys: string[];
      let next: Branch;
      if (random() < 0.7) {
        const reviewCount = Math.max(1, old.reviewCount + pick([0, 1]));
        next = { ...old, reviewCount, rating: pick(RATINGS) };
        keys = ratingChangeKeys(old.id, 'london', old.rating, next.rating);
      } else {
        next = { ...old, isOpen: !old.isOpen };
        keys = [`b:${old.id}`, `o:${old.id}`, 's:london', 'cs:london'];
      }
      const after = answer(
        branches.map((x, j) => (j === i ? next : x)),
        sort,
        byPostcode,
        filters,
        offset,
      );
      const dropped = new Set(droppedTags(keys));
      const drops = tags.some((t) => dropped.has(t));
      if (after.text !== before.text) {
        altered += 1;
        expect({ drops, sort, byPostcode, filters, offset }).toMatchObject({ drops: true });
      } else if (!drops) kept += 1;
    }
    // Not vacuous: many answers changed, and many that did not were kept.
    expect(altered).toBeGreaterThan(400);
    expect(kept).toBeGreaterThan(400);
  });
});

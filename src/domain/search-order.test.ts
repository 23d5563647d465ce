import { describe, expect, it } from 'vitest';
import { type OrderableBranch, compareCityResults, firstInOrder } from './search-order';

const b = (brandName: string, over: Partial<OrderableBranch> = {}): OrderableBranch => ({
  isOpen: true,
  rating: null,
  brandName,
  branchName: 'Main',
  ...over,
});
const order = (list: OrderableBranch[]) =>
  [...list].sort(compareCityResults).map((x) => `${x.brandName} ${x.branchName}`);

describe('compareCityResults', () => {
  it('puts open branches before closed ones whatever their rating', () => {
    expect(order([b('Closed Star', { isOpen: false, rating: 5 }), b('Open Plain', { rating: 3 })])).toEqual([
      'Open Plain Main',
      'Closed Star Main',
    ]);
  });

  it('puts the better rated first and the unrated last', () => {
    expect(order([b('Unrated'), b('Good', { rating: 4.2 }), b('Best', { rating: 4.8 })])).toEqual([
      'Best Main',
      'Good Main',
      'Unrated Main',
    ]);
  });

  it('breaks ties by brand then branch name, ignoring case', () => {
    expect(order([b('beirut', { branchName: 'Soho' }), b('Atlas'), b('Beirut', { branchName: 'Easton' })])).toEqual([
      'Atlas Main',
      'Beirut Easton',
      'beirut Soho',
    ]);
  });
});

import { type SortableBranch, searchComparator } from './search-order';

describe('searchComparator', () => {
  const s = (brandName: string, over: Partial<SortableBranch> = {}): SortableBranch => ({
    isOpen: true,
    rating: null,
    brandName,
    branchName: 'Main',
    reviewCount: 0,
    deliveryFeeMinor: 199,
    etaMinMinutes: 20,
    etaMaxMinutes: 30,
    km: null,
    ...over,
  });
  const sorted = (list: SortableBranch[], ...args: Parameters<typeof searchComparator>) =>
    [...list].sort(searchComparator(...args)).map((x) => x.brandName);

  it('orders by the lowest delivery fee, ties in the recommended order', () => {
    const list = [
      s('Dear', { deliveryFeeMinor: 449 }),
      s('Free B', { deliveryFeeMinor: 0 }),
      s('Free A', { deliveryFeeMinor: 0 }),
    ];
    expect(sorted(list, 'fee', false)).toEqual(['Free A', 'Free B', 'Dear']);
  });

  it('orders by the quickest shown delivery time', () => {
    const list = [
      s('Slow', { etaMaxMinutes: 50 }),
      s('Quick', { etaMinMinutes: 10, etaMaxMinutes: 25 }),
      s('Mid', { etaMaxMinutes: 25 }),
    ];
    expect(sorted(list, 'time', false)).toEqual(['Quick', 'Mid', 'Slow']);
  });

  it('orders by rating, unrated last, more reviews first on equal ratings, open or closed alike', () => {
    const list = [
      s('New'),
      s('Few', { rating: 4.5, reviewCount: 2 }),
      s('Closed Best', { rating: 4.9, reviewCount: 1, isOpen: false }),
      s('Many', { rating: 4.5, reviewCount: 40 }),
    ];
    expect(sorted(list, 'rating', false)).toEqual(['Closed Best', 'Many', 'Few', 'New']);
  });

  it('orders by distance, nearest first, unknown distances last', () => {
    const list = [s('Far', { km: 4.2 }), s('Unknown'), s('Near', { km: 0.8 })];
    expect(sorted(list, 'distance', false)).toEqual(['Near', 'Far', 'Unknown']);
  });

  it('recommends a city search in the city order and a postcode search nearest first', () => {
    const list = [s('Near Closed', { km: 1, isOpen: false }), s('Far Open', { km: 3 })];
    expect(sorted(list, 'recommended', false)).toEqual(['Far Open', 'Near Closed']);
    expect(sorted(list, 'recommended', true)).toEqual(['Near Closed', 'Far Open']);
  });
});

describe('firstInOrder', () => {
  // A small generator with ties everywhere: open or not, a few ratings, names equal to the collator
  // ("Grill" and "grill"), so that the stable order of equal ones is tested too.
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const names = ['Grill', 'grill', 'Karahi House', 'Chicken 2', 'Chicken 10', 'Álpha', 'alpha', 'Zaza'];
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: i,
      isOpen: rand(3) > 0,
      rating: rand(4) === 0 ? null : [4, 4.5, 5][rand(3)]!,
      brandName: names[rand(names.length)]!,
      branchName: rand(2) ? 'Main' : 'main',
      reviewCount: rand(5),
      deliveryFeeMinor: [0, 199, 299][rand(3)]!,
      etaMinMinutes: 20,
      etaMaxMinutes: [30, 40][rand(2)]!,
      km: rand(4),
    }));

  it('gives the first k of a stable sort, ties in input order, for every sort and k', () => {
    for (let round = 0; round < 20; round++) {
      const items = list(rand(120));
      const comparators = [
        compareCityResults,
        ...(['rating', 'fee', 'time', 'distance'] as const).map((s) => searchComparator(s, true)),
      ];
      for (const compare of comparators) {
        const sorted = [...items].sort(compare).map((x) => x.id);
        for (const k of [0, 1, 5, 24, 48, 72, 200]) {
          expect(firstInOrder(items, compare, k).map((x) => x.id)).toEqual(sorted.slice(0, k));
        }
      }
    }
  });

  it('leaves its input as it was', () => {
    const items = list(50);
    const ids = items.map((x) => x.id);
    firstInOrder(items, compareCityResults, 10);
    firstInOrder(items, compareCityResults, 100);
    expect(items.map((x) => x.id)).toEqual(ids);
  });
});

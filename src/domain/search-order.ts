import { madeOnce } from './made-once';

/** What the result order looks at. */
export type OrderableBranch = { isOpen: boolean; rating: number | null; brandName: string; branchName: string };

const byName = madeOnce(() => new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true }));

/**
 * The order of a city's results: open branches first, then the best rated (unrated last), then
 * by brand and branch name. Postcode results are ordered by distance instead.
 */
export function compareCityResults(a: OrderableBranch, b: OrderableBranch): number {
  if (a.isOpen !== b.isOpen) return a.isOpen ? -1 : 1;
  const ra = a.rating ?? -1;
  const rb = b.rating ?? -1;
  if (ra !== rb) return rb - ra;
  return byName().compare(`${a.brandName} ${a.branchName}`, `${b.brandName} ${b.branchName}`);
}

/**
 * The sort choices of the search (docs/product/customer.md#sort). "recommended" is the order
 * above (a city's) or nearest first (a postcode's); "distance" needs a known postcode.
 */
export const SEARCH_SORTS = ['recommended', 'distance', 'rating', 'fee', 'time'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  recommended: 'Recommended',
  distance: 'Distance',
  rating: 'Rating',
  fee: 'Delivery fee',
  time: 'Delivery time',
};

/** What the sorts look at: the card's values, and the distance when a postcode is known. */
export type SortableBranch = OrderableBranch & {
  reviewCount: number;
  deliveryFeeMinor: number;
  etaMinMinutes: number;
  etaMaxMinutes: number;
  km: number | null;
};

function byDistance(a: SortableBranch, b: SortableBranch): number {
  return (a.km ?? Infinity) - (b.km ?? Infinity);
}

/**
 * The comparator of a sort. Each sort's own key first (the best rated, the lowest fee, the
 * quickest shown ETA, the nearest), then the recommended order breaks ties, so equal branches keep
 * a stable, meaningful order. `byPostcode` says the recommended order is nearest first.
 */
export function searchComparator(
  sort: SearchSort,
  byPostcode: boolean,
): (a: SortableBranch, b: SortableBranch) => number {
  const recommended = (a: SortableBranch, b: SortableBranch) =>
    byPostcode ? byDistance(a, b) || compareCityResults(a, b) : compareCityResults(a, b);
  switch (sort) {
    case 'recommended':
      return recommended;
    case 'distance':
      return (a, b) => byDistance(a, b) || compareCityResults(a, b);
    case 'rating':
      return (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviewCount - a.reviewCount || recommended(a, b);
    case 'fee':
      return (a, b) => a.deliveryFeeMinor - b.deliveryFeeMinor || recommended(a, b);
    case 'time':
      return (a, b) => a.etaMaxMinutes - b.etaMaxMinutes || a.etaMinMinutes - b.etaMinMinutes || recommended(a, b);
    default: {
      const never: never = sort;
      throw new Error(`Unknown sort ${String(never)}`);
    }
  }
}

/**
 * The first `k` of `items` in the order a stable sort by `compare` gives, without sorting the rest:
 * a page of 24 from a city of 600 compares each branch with the page's last one, mostly by the open
 * flag and rating alone, where the whole sort ran the name collator some 5,000 times
 * (docs/decisions/0280-misses-off-the-request-thread.md). Ties keep the input order, as the sort does.
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, k: number): T[] {
  if (k <= 0) return [];
  if (k >= items.length) return [...items].sort(compare);
  const top: T[] = [];
  for (const x of items) {
    // Not before the last kept one (an equal one came earlier): outside the first k.
    if (top.length === k && compare(x, top[k - 1]!) >= 0) continue;
    // After every kept one it does not precede.
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(x, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, x);
    if (top.length > k) top.pop();
  }
  return top;
}

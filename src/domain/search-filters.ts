import type { HalalStatus } from './halal';

/**
 * The filter chips of the search results (docs/product/customer.md#filters: HalalNosh
 * makes them filter). One definition, used by the server's search and by the web app's fallback
 * over the sample restaurants, so both answer alike.
 */
export const SEARCH_FILTERS = ['verified', 'fast', 'free', 'top', 'open', 'offers'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

/** The chip labels (docs/product/customer.md#filters). */
export const SEARCH_FILTER_LABELS: Record<SearchFilter, string> = {
  verified: 'Verified Halal',
  fast: 'Fast Delivery',
  free: 'Free Delivery',
  top: 'Top Rated',
  open: 'Open Now',
  offers: 'Offers',
};

/** Fast Delivery: the upper bound of the ETA shown on the card is at most this. */
export const FAST_DELIVERY_MAX_MINUTES = 30;
/** Top Rated: an average of at least this (a branch with no reviews has no rating and is not top). */
export const TOP_RATED_MIN_RATING = 4.5;

/** What a filter needs to know about a branch: the values its card shows. */
export type FilterableBranch = {
  halalStatus: HalalStatus | string;
  etaMaxMinutes: number;
  deliveryFeeMinor: number;
  rating: number | null;
  isOpen: boolean;
  /** The offer running now, as the card shows it (docs/product/offers.md#where-customers-see-them). */
  offerLabel?: string | null;
};

/**
 * Reads a comma list ("verified, fast") into distinct known filters; names it does not know are
 * returned apart so the caller can refuse them. Case and spaces are ignored.
 */
export function parseSearchFilters(text: string | null | undefined): { filters: SearchFilter[]; unknown: string[] } {
  const filters: SearchFilter[] = [];
  const unknown: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if ((SEARCH_FILTERS as readonly string[]).includes(name)) {
      if (!filters.includes(name as SearchFilter)) filters.push(name as SearchFilter);
    } else if (!unknown.includes(name)) {
      unknown.push(name);
    }
  }
  return { filters, unknown };
}

/** Whether one filter holds for a branch. */
export function matchesFilter(branch: FilterableBranch, filter: SearchFilter): boolean {
  switch (filter) {
    case 'verified':
      return branch.halalStatus === 'verified';
    case 'fast':
      return branch.etaMaxMinutes <= FAST_DELIVERY_MAX_MINUTES;
    case 'free':
      return branch.deliveryFeeMinor === 0;
    case 'top':
      return branch.rating !== null && branch.rating >= TOP_RATED_MIN_RATING;
    case 'open':
      return branch.isOpen;
    case 'offers':
      return Boolean(branch.offerLabel);
    default: {
      const never: never = filter;
      throw new Error(`Unknown filter ${String(never)}`);
    }
  }
}

/** Whether every chosen filter holds for a branch (no filters: every branch). */
export function matchesSearchFilters(branch: FilterableBranch, filters: readonly SearchFilter[]): boolean {
  return filters.every((f) => matchesFilter(branch, f));
}

/**
 * Whether a branch serves the chosen cuisine, ignoring case and surrounding spaces. An empty
 * choice or "all" means any cuisine (docs/product/customer.md#search: the parameter is omitted then).
 */
export function matchesCuisine(cuisines: readonly string[], cuisine: string | null | undefined): boolean {
  const wanted = (cuisine ?? '').trim().toLowerCase();
  if (!wanted || wanted === 'all') return true;
  return cuisines.some((c) => c.trim().toLowerCase() === wanted);
}

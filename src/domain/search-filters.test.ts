import { describe, expect, it } from 'vitest';
import {
  type FilterableBranch,
  matchesCuisine,
  matchesFilter,
  matchesSearchFilters,
  parseSearchFilters,
} from './search-filters';

const branch = (over: Partial<FilterableBranch> = {}): FilterableBranch => ({
  halalStatus: 'verified',
  etaMaxMinutes: 30,
  deliveryFeeMinor: 0,
  rating: 4.5,
  isOpen: true,
  ...over,
});

describe('parseSearchFilters', () => {
  it('reads a comma list ignoring case, spaces, blanks and repeats', () => {
    expect(parseSearchFilters(' Verified, fast,,FAST ,open')).toEqual({
      filters: ['verified', 'fast', 'open'],
      unknown: [],
    });
  });

  it('returns no filters for missing or empty text', () => {
    expect(parseSearchFilters(undefined)).toEqual({ filters: [], unknown: [] });
    expect(parseSearchFilters('')).toEqual({ filters: [], unknown: [] });
  });

  it('sets apart the names it does not know', () => {
    expect(parseSearchFilters('free,cheap')).toEqual({ filters: ['free'], unknown: ['cheap'] });
  });
});

describe('matchesFilter', () => {
  it('counts only halal status verified as Verified Halal', () => {
    expect(matchesFilter(branch(), 'verified')).toBe(true);
    expect(matchesFilter(branch({ halalStatus: 'self-declared' }), 'verified')).toBe(false);
    expect(matchesFilter(branch({ halalStatus: 'temp-unverified' }), 'verified')).toBe(false);
  });

  it('calls delivery fast when the ETA upper bound is at most 30 minutes', () => {
    expect(matchesFilter(branch({ etaMaxMinutes: 30 }), 'fast')).toBe(true);
    expect(matchesFilter(branch({ etaMaxMinutes: 31 }), 'fast')).toBe(false);
  });

  it('calls delivery free only when the fee is zero pence', () => {
    expect(matchesFilter(branch({ deliveryFeeMinor: 0 }), 'free')).toBe(true);
    expect(matchesFilter(branch({ deliveryFeeMinor: 1 }), 'free')).toBe(false);
  });

  it('rates a branch top from an average of 4.5 and never without reviews', () => {
    expect(matchesFilter(branch({ rating: 4.5 }), 'top')).toBe(true);
    expect(matchesFilter(branch({ rating: 4.4 }), 'top')).toBe(false);
    expect(matchesFilter(branch({ rating: null }), 'top')).toBe(false);
  });

  it('keeps for Offers only a branch whose card shows an offer running now', () => {
    expect(matchesFilter(branch({ offerLabel: '20% off, up to £5' }), 'offers')).toBe(true);
    expect(matchesFilter(branch({ offerLabel: null }), 'offers')).toBe(false);
    expect(matchesFilter(branch(), 'offers')).toBe(false);
  });

  it('follows the open-now state for Open Now', () => {
    expect(matchesFilter(branch({ isOpen: true }), 'open')).toBe(true);
    expect(matchesFilter(branch({ isOpen: false }), 'open')).toBe(false);
  });
});

describe('matchesSearchFilters', () => {
  it('requires every chosen filter to hold', () => {
    expect(matchesSearchFilters(branch(), ['verified', 'free', 'top'])).toBe(true);
    expect(matchesSearchFilters(branch({ deliveryFeeMinor: 199 }), ['verified', 'free'])).toBe(false);
  });

  it('lets every branch through when no filter is chosen', () => {
    expect(matchesSearchFilters(branch({ isOpen: false, rating: null, halalStatus: 'suspended' }), [])).toBe(true);
  });
});

describe('matchesCuisine', () => {
  it('matches a cuisine whatever its case', () => {
    expect(matchesCuisine(['Turkish', 'Middle Eastern'], 'middle eastern')).toBe(true);
    expect(matchesCuisine(['Turkish'], ' TURKISH ')).toBe(true);
  });

  it('refuses a branch without the cuisine', () => {
    expect(matchesCuisine(['Turkish'], 'Indian')).toBe(false);
  });

  it('treats an empty choice and "all" as any cuisine', () => {
    expect(matchesCuisine(['Turkish'], undefined)).toBe(true);
    expect(matchesCuisine(['Turkish'], '')).toBe(true);
    expect(matchesCuisine(['Turkish'], 'All')).toBe(true);
  });
});

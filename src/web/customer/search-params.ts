import { useCallback } from 'react';
import { useSearchParams } from '../lib/router';
import { type Diet, parseAllergens, parseDiets } from '../../domain/dietary';
import type { Allergen } from '../../domain/menu';
import { type SearchFilter, parseSearchFilters } from '../../domain/search-filters';
import { SEARCH_SORTS, type SearchSort } from '../../domain/search-order';

/** The default search location (docs/product/customer.md#search: London is the default city). */
export const DEFAULT_LOCATION = 'London';

export type SearchState = {
  location: string;
  cuisine: string;
  filters: SearchFilter[];
  /** A restaurant or dish name; empty for any. */
  q?: string;
  sort?: SearchSort;
  diet?: Diet[];
  without?: Allergen[];
};

/**
 * Reads the search from the URL: ?location=…&cuisine=…&filters=verified,fast&q=…&sort=fee&diet=vegan&without=peanuts
 * (every part optional; unknown values are dropped).
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort') as SearchSort | null;
  return {
    location: params.get('location')?.trim() ?? '',
    cuisine: params.get('cuisine')?.trim() || 'all',
    filters: parseSearchFilters(params.get('filters')).filters,
    q: params.get('q')?.trim() ?? '',
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : 'recommended',
    diet: parseDiets(params.get('diet')).values,
    without: parseAllergens(params.get('without')).values,
  };
}

/** The dietary part of a query (?diet=…&without=…), for links from a card to its menu. */
export function dietaryQueryString(state: Pick<SearchState, 'diet' | 'without'>): string {
  const next = new URLSearchParams();
  if (state.diet?.length) next.set('diet', state.diet.join(','));
  if (state.without?.length) next.set('without', state.without.join(','));
  return next.toString();
}

/** The URL query of a search: empty parts, the cuisine "all" (docs/product/customer.md#search) and no filters are left out. */
export function searchQueryString(state: Partial<SearchState>): string {
  const next = new URLSearchParams();
  if (state.location?.trim()) next.set('location', state.location.trim());
  if (state.cuisine && state.cuisine !== 'all') next.set('cuisine', state.cuisine);
  if (state.filters?.length) next.set('filters', state.filters.join(','));
  if (state.q?.trim()) next.set('q', state.q.trim());
  if (state.sort && state.sort !== 'recommended') next.set('sort', state.sort);
  if (state.diet?.length) next.set('diet', state.diet.join(','));
  if (state.without?.length) next.set('without', state.without.join(','));
  return next.toString();
}

/** The filter chips' state in the URL (?filters=), kept beside any other query parameters. */
export function useFilterParam(): [SearchFilter[], (filters: SearchFilter[]) => void] {
  const [params, setParams] = useSearchParams();
  const filters = parseSearchFilters(params.get('filters')).filters;
  const setFilters = useCallback(
    (next: SearchFilter[]) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next.length) copy.set('filters', next.join(','));
          else copy.delete('filters');
          return copy;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [filters, setFilters];
}

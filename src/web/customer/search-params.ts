import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type SearchFilter, parseSearchFilters } from '../../domain/search-filters';

/** The default search location (docs/product/customer.md#search: London is the default city). */
export const DEFAULT_LOCATION = 'London';

export type SearchState = { location: string; cuisine: string; filters: SearchFilter[] };

/** Reads the search from the URL: ?location=…&cuisine=…&filters=verified,fast (every part optional). */
export function readSearchState(params: URLSearchParams): SearchState {
  return {
    location: params.get('location')?.trim() ?? '',
    cuisine: params.get('cuisine')?.trim() || 'all',
    filters: parseSearchFilters(params.get('filters')).filters,
  };
}

/** The URL query of a search: empty parts, the cuisine "all" (docs/product/customer.md#search) and no filters are left out. */
export function searchQueryString(state: Partial<SearchState>): string {
  const next = new URLSearchParams();
  if (state.location?.trim()) next.set('location', state.location.trim());
  if (state.cuisine && state.cuisine !== 'all') next.set('cuisine', state.cuisine);
  if (state.filters?.length) next.set('filters', state.filters.join(','));
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

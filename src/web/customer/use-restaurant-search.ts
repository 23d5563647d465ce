import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SearchRestaurantsResponse } from '../../domain/contracts/catalog/search-restaurants';
import type { SearchFilter } from '../../domain/search-filters';
import { isUnreachable } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { sampleSearch } from './sample-fallback';
import { rememberSearchedPostcode } from './searched-postcode';
import { useEffect } from 'react';
import { normalisePostcode } from '../../domain/geo';
import { rememberPostcode } from './known-postcode';
import { DEFAULT_LOCATION, type SearchState, searchQueryString } from './search-params';

export type RestaurantSearch = {
  /** The answer to show (every page loaded so far): the server's, or the sample restaurants when it cannot be reached. */
  data: SearchRestaurantsResponse | undefined;
  /** The sample restaurants are shown because the server could not be reached. */
  fallback: boolean;
  /** A newer answer is on its way (the shown one may be the previous search's). */
  searching: boolean;
  /** A failure the fallback does not cover (a refused search). */
  error: Error | null;
  retry: () => void;
  /** More results than loaded: the next page, and whether it is on its way. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
};

type SearchInput = Omit<SearchState, 'filters'> & { filters: readonly SearchFilter[] };

/**
 * The query string of the search for this input (empty location means London): also what the
 * server renders the home page with (src/web/ssr/page-data.ts), so both build the same query.
 */
export function searchRequestQuery(input: SearchInput, deliverTo: string | null): string {
  const location = input.location.trim() || DEFAULT_LOCATION;
  const params = new URLSearchParams(searchQueryString({ ...input, location, filters: [...input.filters] }));
  // A city search asks about the known postcode too, so cards say whether each branch delivers there.
  if (deliverTo && !normalisePostcode(location)) params.set('deliverTo', deliverTo);
  // Distance needs a postcode: without one the server would refuse it, so the order stays recommended.
  if (params.get('sort') === 'distance' && !normalisePostcode(location) && !params.get('deliverTo')) {
    params.delete('sort');
  }
  return params.toString();
}

export function searchQueryKey(qs: string) {
  return ['restaurants', 'search', qs] as const;
}

/**
 * GET /api/restaurants/search for a location (city or postcode; empty means London), a cuisine and
 * the filter chips, a page at a time (the server's page size; the first page's URL is the one the
 * server preloads for "/"). When the server is unreachable (network or 5xx), the sample restaurants
 * stand in, filtered the same way, in London (docs/product/customer.md#sample-fallback "Search fallback").
 */
export function useRestaurantSearch(input: SearchInput, deliverTo: string | null = null): RestaurantSearch {
  rememberSearchedPostcode(input.location.trim() || DEFAULT_LOCATION);
  const qs = searchRequestQuery(input, deliverTo);
  const query = useInfiniteQuery({
    queryKey: searchQueryKey(qs),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.catalog.getRestaurantsSearch, {
        query: { ...Object.fromEntries(new URLSearchParams(qs)), offset: pageParam || undefined },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.restaurants.length, 0);
      return last.restaurants.length > 0 && loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const unreachable = query.isError && isUnreachable(query.error);
  const samples = useQuery({
    queryKey: ['restaurants', 'sample-search', input.cuisine, input.filters.join(',')],
    queryFn: () => sampleSearch(input.cuisine, input.filters),
    enabled: unreachable,
    staleTime: Infinity,
  });
  const fallback = unreachable && Boolean(samples.data);
  const pages = query.data?.pages;
  const point = pages?.[0]?.deliverTo ?? null;
  useEffect(() => {
    if (point) rememberPostcode(point);
  }, [point]);
  const data = pages?.length ? { ...pages[0], restaurants: pages.flatMap((p) => p.restaurants) } : undefined;
  return {
    data: unreachable ? samples.data : data,
    fallback,
    searching: (query.isFetching && !query.isFetchingNextPage) || (unreachable && samples.isFetching),
    error: query.isError && !unreachable ? query.error : null,
    retry: () => void query.refetch(),
    hasMore: !unreachable && query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

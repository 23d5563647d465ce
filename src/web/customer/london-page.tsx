import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import ShieldCheck from 'lucide-react/icons/shield-check';
import WifiOff from 'lucide-react/icons/wifi-off';
import { Link } from '../lib/router';
import type { SearchFilter } from '../../domain/search-filters';
import { isUnreachable } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMetaDescription } from '../lib/use-meta-description';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { FilterChips } from './filter-chips';
import { RestaurantGrid } from './restaurant-card';
import { useDeliverTo } from './known-postcode';
import { sampleSearch } from './sample-fallback';
import { searchQueryString, useFilterParam } from './search-params';
import { countLine } from './search-results';
import { pageOrigin, restaurantListJsonLd, useJsonLd } from './structured-data';

export const LONDON_PAGE_SIZE = 100;
const LONDON_CHIPS = ['fast', 'free', 'top', 'open', 'offers'] as const;

/** The London search's query string and cache key (also what the server renders the page with: src/web/ssr/page-data.ts). */
export function londonRequestQuery(filters: readonly SearchFilter[], deliverTo: string | null): string {
  const params = new URLSearchParams(searchQueryString({ location: 'London', filters: [...filters] }));
  if (deliverTo) params.set('deliverTo', deliverTo);
  return params.toString();
}

export function londonQueryKey(qs: string) {
  return ['restaurants', 'london', qs] as const;
}

/** /restaurants/london: every London restaurant, the chips (state in the URL) and structured data. */
export function LondonPage() {
  useDocumentTitle('Halal Restaurants in London | Delivery & Pickup');
  useMetaDescription(
    'Every verified halal restaurant in London on HalalNosh: Turkish, Lebanese, Pakistani, Indian, Moroccan and more, for delivery or pickup.',
  );
  const [filters, setFilters] = useFilterParam();
  // The cards say whether each branch delivers to the known postcode (docs/product/customer.md#delivers-here).
  const deliverTo = useDeliverTo();
  const qs = londonRequestQuery(filters, deliverTo);
  const search = useInfiniteQuery({
    queryKey: londonQueryKey(qs),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.catalog.getRestaurantsSearch, {
        query: { ...Object.fromEntries(new URLSearchParams(qs)), limit: LONDON_PAGE_SIZE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.restaurants.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    // The server-rendered cards stay while the known postcode's answer loads (no spinner after hydration).
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const unreachable = search.isError && isUnreachable(search.error);
  const samples = useQuery({
    queryKey: ['restaurants', 'sample-search', 'all', filters.join(',')],
    queryFn: () => sampleSearch('all', filters),
    enabled: unreachable,
    staleTime: Infinity,
  });
  const fallback = unreachable ? (samples.data ?? null) : null;
  const restaurants = fallback?.restaurants ?? search.data?.pages.flatMap((p) => p.restaurants) ?? [];
  const total = fallback?.total ?? search.data?.pages[0]?.total ?? 0;
  const ready = Boolean(fallback || search.data);

  const origin = pageOrigin();
  useJsonLd(
    restaurants.length && origin ? restaurantListJsonLd('Halal restaurants in London', restaurants, origin) : null,
  );

  return (
    <div className="grid grid-cols-1 gap-8">
      <header className="grid gap-3">
        <span className="inline-flex items-center gap-1 justify-self-start rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Verified Halal
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Halal Restaurants in London</h1>
        <p className="max-w-2xl text-muted-foreground">
          From Whitechapel karahi houses and Edgware Road grills to the Turkish ocakbasi of Dalston: every halal
          restaurant delivering across London, with its halal status checked.
        </p>
        <p aria-live="polite" className="text-sm font-medium">
          {search.isFetching || !ready ? 'Searching...' : countLine(total, 'all')}
        </p>
      </header>

      <FilterChips value={filters} onChange={setFilters} only={LONDON_CHIPS} />

      {fallback ? (
        <Alert variant="warning" className="flex items-start gap-2">
          <WifiOff aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>We can't reach HalalNosh right now, so here are our featured London restaurants.</span>
        </Alert>
      ) : null}

      {!ready && search.isError && !unreachable ? (
        <LoadFailed
          inline
          title={<>We could not load London's restaurants: {search.error.message}</>}
          onRetry={() => void search.refetch()}
        />
      ) : !ready ? (
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <Spinner />
          <p>Finding halal restaurants...</p>
        </div>
      ) : restaurants.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" />}
          title="No restaurants found"
          action={<Button onClick={() => setFilters([])}>Clear Filters</Button>}
        >
          No London restaurant matches every filter right now.
        </EmptyState>
      ) : (
        <RestaurantGrid
          restaurants={restaurants}
          label="Halal restaurants in London"
          deliverTo={fallback ? null : (search.data?.pages[0]?.deliverTo?.postcode ?? null)}
        />
      )}

      {search.hasNextPage && !fallback ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
        >
          {search.isFetchingNextPage ? <Spinner className="size-4" /> : null}
          Show More Restaurants
        </Button>
      ) : null}

      <div className="flex justify-center">
        <Link to="/" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          <Search aria-hidden="true" />
          Search More Locations
        </Link>
      </div>
    </div>
  );
}

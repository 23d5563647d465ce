import SearchX from 'lucide-react/icons/search-x';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useNavigate } from '../lib/router';
import type { SearchFilter } from '../../domain/search-filters';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { CUISINE_OPTIONS } from './cuisines';
import { DiscoveryControls } from './discovery-controls';
import { FilterChips } from './filter-chips';
import { useKnownPostcode } from './known-postcode';
import { RestaurantGrid } from './restaurant-card';
import { DEFAULT_LOCATION, type SearchState, dietaryQueryString, searchQueryString } from './search-params';
import { normalisePostcode } from '../../domain/geo';
import { useRestaurantSearch } from './use-restaurant-search';

function cuisineWord(cuisine: string): string {
  if (!cuisine || cuisine === 'all') return '';
  return CUISINE_OPTIONS.find((o) => o.value.toLowerCase() === cuisine.toLowerCase())?.label ?? cuisine;
}

/** "22 restaurants found", "3 Turkish restaurants found" (docs/product/customer.md#search: the count line). */
export function countLine(total: number, cuisine: string): string {
  const word = cuisineWord(cuisine);
  return `${total} ${word ? `${word} ` : ''}${total === 1 ? 'restaurant' : 'restaurants'} found`;
}

/** The home page's results: title, count line, filter chips and the cards, from the URL's search. */
export function SearchResults({ state }: { state: SearchState }) {
  const navigate = useNavigate();
  const knownPostcode = useKnownPostcode();
  const search = useRestaurantSearch(state, knownPostcode);
  const data = search.data;
  // Until the server answers, the title names what was asked for; then where it actually looked.
  const label = search.fallback ? DEFAULT_LOCATION : (data?.location.label ?? (state.location || DEFAULT_LOCATION));

  const setFilters = (filters: SearchFilter[]) => {
    const query = searchQueryString({ ...state, filters });
    navigate(query ? `/?${query}` : '/', { preventScrollReset: true });
  };
  const refine = (next: Partial<SearchState>) => {
    const query = searchQueryString({ ...state, ...next });
    navigate(query ? `/?${query}` : '/', { preventScrollReset: true });
  };
  const distanceKnown = Boolean(normalisePostcode(state.location) || knownPostcode);

  let body;
  if (!data && search.error) {
    body = (
      <LoadFailed inline title={<>We could not search right now: {search.error.message}</>} onRetry={search.retry} />
    );
  } else if (!data) {
    body = (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-lg border border-dashed border-border bg-card py-16 text-muted-foreground"
      >
        <Spinner />
        <p>Finding halal restaurants...</p>
      </div>
    );
  } else if (data.restaurants.length === 0) {
    body = (
      <EmptyState
        icon={<SearchX aria-hidden="true" />}
        title="No restaurants found"
        headingLevel={3}
        action={
          <Button onClick={() => navigate('/', { preventScrollReset: true })}>Reset to London restaurants</Button>
        }
      >
        {data.location.known === false
          ? `We could not find "${data.location.label}". Try a UK city such as Birmingham, or a postcode such as E1 6AN.`
          : 'Try another name or cuisine, fewer filters or a nearby location.'}
      </EmptyState>
    );
  } else {
    body = (
      <div className={search.searching ? 'grid gap-5 opacity-60 transition-opacity' : 'grid gap-5 transition-opacity'}>
        <RestaurantGrid
          restaurants={data.restaurants}
          label={`Halal restaurants in ${label}`}
          linkQuery={dietaryQueryString(state)}
          deliverTo={data.deliverTo?.postcode ?? null}
        />
        {search.hasMore ? (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={search.loadMore}
            disabled={search.loadingMore}
          >
            {search.loadingMore ? <Spinner className="size-4" /> : null}
            Show More Restaurants
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <section id="results" aria-labelledby="results-title" className="grid scroll-mt-20 grid-cols-1 gap-5">
      <div className="grid gap-1">
        <h2 id="results-title" className="text-2xl font-bold tracking-tight">
          Halal restaurants in {label}
        </h2>
        <p aria-live="polite" className="text-muted-foreground">
          {search.searching || !data ? 'Searching...' : countLine(data.total, state.cuisine)}
        </p>
      </div>
      <FilterChips value={state.filters} onChange={setFilters} />
      <DiscoveryControls
        sort={state.sort ?? 'recommended'}
        diet={state.diet ?? []}
        without={state.without ?? []}
        distanceKnown={distanceKnown}
        onChange={refine}
      />
      {search.fallback ? (
        <Alert variant="warning" className="flex items-start gap-2">
          <WifiOff aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>
            We can't reach HalalNosh right now, so here are our featured London restaurants. Ordering may not work until
            we're back.
          </span>
        </Alert>
      ) : null}
      {body}
    </section>
  );
}

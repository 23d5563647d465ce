import { useQuery } from '@tanstack/react-query';
import Landmark from 'lucide-react/icons/landmark';
import MapPinned from 'lucide-react/icons/map-pinned';
import Search from 'lucide-react/icons/search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import { Link, useParams } from '../lib/router';
import type { GetCityResponse } from '../../domain/contracts/catalog/get-city';
import { isNotFound } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMetaDescription } from '../lib/use-meta-description';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { PageLoading } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { RestaurantGrid } from './restaurant-card';
import { useDeliverTo } from './known-postcode';
import { pageOrigin, restaurantListJsonLd, useJsonLd } from './structured-data';

function CityNotFound() {
  useDocumentTitle('City Not Found');
  return (
    <EmptyState
      icon={<MapPinned aria-hidden="true" />}
      title="City Not Found"
      headingLevel={1}
      action={
        <Link to="/" className={buttonClasses()}>
          Back to Home
        </Link>
      }
    >
      We don't have a page for this city yet. Search by your postcode to find restaurants that deliver to you.
    </EmptyState>
  );
}

function CityView({ data, deliverTo }: { data: GetCityResponse; deliverTo: string | null }) {
  const { city, restaurants } = data;
  useDocumentTitle(`Halal Restaurants in ${city.name} | Delivery & Pickup`);
  useMetaDescription(
    `Halal food delivery in ${city.name}, ${city.region}: verified halal restaurants near you on HalalNosh. ${city.description}`,
  );
  const origin = pageOrigin();
  useJsonLd(
    restaurants.length && origin
      ? restaurantListJsonLd(`Halal restaurants in ${city.name}`, restaurants, origin)
      : null,
  );

  return (
    <div className="grid grid-cols-1 gap-8">
      <header className="grid gap-3">
        <span className="inline-flex items-center gap-1 justify-self-start rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Verified Halal
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Halal Restaurants in {city.name}</h1>
        <p className="max-w-3xl text-muted-foreground">{city.description}</p>
      </header>

      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-border bg-card p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <Users aria-hidden="true" className="size-4" />
            Population
          </dt>
          <dd className="mt-1 text-xl font-semibold">{formatNumber(city.population)}</dd>
        </div>
        <div className="rounded-lg border border-border bg-card p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <MapPinned aria-hidden="true" className="size-4" />
            Region
          </dt>
          <dd className="mt-1 text-xl font-semibold">{city.region}</dd>
        </div>
        <div className="rounded-lg border border-border bg-card p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <Search aria-hidden="true" className="size-4" />
            Postcode area
          </dt>
          <dd className="mt-1 text-xl font-semibold">{city.postcodeArea}</dd>
        </div>
      </dl>

      {city.landmarks.length ? (
        <section aria-labelledby="landmarks-title" className="grid gap-3">
          <h2 id="landmarks-title" className="text-xl font-semibold">
            Landmarks
          </h2>
          <ul className="flex flex-wrap gap-2">
            {city.landmarks.map((l) => (
              <li key={l} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm">
                <Landmark aria-hidden="true" className="size-4 text-muted-foreground" />
                {l}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="city-restaurants-title" className="grid gap-4">
        <h2 id="city-restaurants-title" className="text-2xl font-bold tracking-tight">
          Halal restaurants in {city.name}
        </h2>
        {restaurants.length ? (
          <RestaurantGrid restaurants={restaurants} label={`Halal restaurants in ${city.name}`} deliverTo={deliverTo} />
        ) : (
          <EmptyState icon={<MapPinned aria-hidden="true" />} title="No restaurants yet" headingLevel={3}>
            We're signing up halal restaurants in {city.name}. Try searching by your postcode.
          </EmptyState>
        )}
      </section>

      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/?location=${encodeURIComponent(city.name)}`} className={buttonClasses({ size: 'lg' })}>
          <Search aria-hidden="true" />
          Search {city.name}
        </Link>
        <Link to="/restaurants/london" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          London Restaurants
        </Link>
      </div>
    </div>
  );
}

/** The city page's cache key (also what the server renders it with: src/web/ssr/page-data.ts). */
export function cityQueryKey(slug: string, deliverTo: string | null) {
  return ['city', slug, deliverTo] as const;
}

/** /restaurants/{citySlug}: a UK city's facts and its first 8 restaurants; an unknown city says so. */
export function CityPage() {
  const { citySlug = '' } = useParams();
  // The cards say whether each branch delivers to the known postcode (docs/product/customer.md#delivers-here).
  const deliverTo = useDeliverTo();
  const city = useQuery({
    queryKey: cityQueryKey(citySlug, deliverTo),
    queryFn: ({ signal }) =>
      call(endpoints.catalog.getCitiesBySlug, {
        params: { slug: citySlug },
        query: deliverTo ? { deliverTo } : {},
        signal,
      }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  if (city.data) return <CityView data={city.data} deliverTo={deliverTo} />;
  if (city.isError && isNotFound(city.error)) return <CityNotFound />;
  if (city.isError) {
    return (
      <LoadFailed
        inline
        title={<>We could not load this city: {city.error.message}</>}
        onRetry={() => void city.refetch()}
      />
    );
  }
  return <PageLoading label="Loading city..." />;
}

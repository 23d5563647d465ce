import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';
import { Link } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatMillions } from '../lib/format';
import { sampleCities } from './sample-fallback';

/** A city of more than this many people gets a large card (docs/product/customer.md#cities). */
const LARGE_CITY_POPULATION = 500_000;

type City = { name: string; slug: string; region: string; population: number; description: string };

/** The city directory's cache key (also what the server renders the home page with: src/web/ssr/page-data.ts). */
export const citiesQueryKey = ['cities'] as const;

/** The UK city directory (GET /api/cities; the built-in list when the server cannot be reached). */
export function CityDirectory() {
  const cities = useQuery({
    queryKey: citiesQueryKey,
    queryFn: ({ signal }) => call(endpoints.catalog.getCities, { signal }),
    staleTime: 10 * 60_000,
  });
  const builtIn = useQuery({
    queryKey: ['cities', 'built-in'],
    queryFn: sampleCities,
    enabled: cities.isError,
    staleTime: Infinity,
  });
  const list: City[] = cities.data?.cities ?? builtIn.data ?? [];

  return (
    <section aria-labelledby="cities-title" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="cities-title" className="text-2xl font-bold tracking-tight">
          Halal food across the UK
        </h2>
        <p className="text-muted-foreground">Browse verified halal restaurants in {list.length || 20} UK cities.</p>
      </div>
      {list.length === 0 && !(cities.isError && builtIn.isError) ? (
        <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading cities">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-40 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : (
        <CityLists list={list} />
      )}
    </section>
  );
}

/**
 * The cities' cards and links: below the first screen, hydrated when seen or when the page is first
 * used (docs/decisions/0264-landing-pages-hydrate-in-parts.md). Memoised, so the directory's own
 * re-renders (its queries' answers told after hydration) do not reach the part before it hydrates,
 * which React would then render afresh.
 */
const CityLists = memo(function CityLists({ list }: { list: City[] }) {
  const large = list.filter((c) => c.population > LARGE_CITY_POPULATION);
  const small = list.filter((c) => c.population <= LARGE_CITY_POPULATION);
  return (
    <HydrateWhenSeen className="grid gap-5">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Major cities">
        {large.map((c) => (
          // Laid out only near the screen, like the restaurant cards.
          <li key={c.slug} className="render-when-near [--near-size:12rem]">
            <Link
              to={`/restaurants/${c.slug}`}
              className="group flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 className="text-lg font-semibold group-hover:text-primary">{c.name}</h3>
                  <p className="text-sm text-muted-foreground">{c.region}</p>
                </div>
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
                  <ShieldCheck aria-hidden="true" className="size-3.5" />
                  Verified Halal
                </span>
              </div>
              <p className="line-clamp-3 text-sm text-muted-foreground">{c.description}</p>
              <p className="mt-auto flex items-center justify-between text-sm font-medium">
                <span className="inline-flex items-center gap-1.5">
                  <Users aria-hidden="true" className="size-4 text-muted-foreground" />
                  Population: {formatMillions(c.population)}
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground group-hover:text-primary" />
              </p>
            </Link>
          </li>
        ))}
      </ul>
      {small.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="More cities">
          {small.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/restaurants/${c.slug}`}
                className="inline-flex min-h-11 items-center rounded-full border border-input bg-card px-4 text-sm font-medium transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </HydrateWhenSeen>
  );
});

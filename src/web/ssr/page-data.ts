import type { QueryKey } from '@tanstack/react-query';
import { parseSearchFilters } from '../../domain/search-filters';
import { endpointUrl } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { platformQueryKey } from '../lib/platform-info';
import { matchPath } from '../lib/router';
import { cityQueryKey } from '../customer/city-page';
import { citiesQueryKey } from '../customer/city-directory';
import { LONDON_PAGE_SIZE, londonQueryKey, londonRequestQuery } from '../customer/london-page';
import { readSearchState } from '../customer/search-params';
import { restaurantQueryKey } from '../customer/use-restaurant';
import { searchQueryKey, searchRequestQuery } from '../customer/use-restaurant-search';

/** One answer a page renders with: the API URL, and the query it fills (an infinite query holds it as its first page). */
export type PageQuery = { url: string; key: QueryKey; infinite: boolean };

/**
 * The queries a customer landing page renders with on first paint, built by the same functions
 * the pages use, as a visitor (no remembered postcode, nobody signed in), with the footer's
 * platform details: null for any other URL, which is not server-rendered. Below-the-fold and
 * personal data (the header's session, reviews, the halal panel) are left to the browser.
 */
export function pageQueries(url: URL): PageQuery[] | null {
  const page = pageOwnQueries(url);
  // The footer's company name and support phone, in the HTML: the browser then neither asks for
  // them nor re-renders the layout when they arrive (docs/decisions/0189-footer-details-in-first-html.md).
  return (
    page && [...page, { url: endpointUrl(endpoints.settings.getPlatform), key: platformQueryKey, infinite: false }]
  );
}

function pageOwnQueries(url: URL): PageQuery[] | null {
  const path = url.pathname;
  if (path === '/') {
    const qs = searchRequestQuery(readSearchState(url.searchParams), null);
    return [
      {
        url: endpointUrl(endpoints.catalog.getRestaurantsSearch, {
          query: Object.fromEntries(new URLSearchParams(qs)),
        }),
        key: searchQueryKey(qs),
        infinite: true,
      },
      { url: endpointUrl(endpoints.catalog.getCities), key: citiesQueryKey, infinite: false },
    ];
  }
  if (matchPath('/restaurants/london', path)) {
    const qs = londonRequestQuery(parseSearchFilters(url.searchParams.get('filters')).filters, null);
    const query = { ...Object.fromEntries(new URLSearchParams(qs)), limit: LONDON_PAGE_SIZE, offset: 0 };
    return [
      {
        url: endpointUrl(endpoints.catalog.getRestaurantsSearch, { query: query as never }),
        key: londonQueryKey(qs),
        infinite: true,
      },
    ];
  }
  const city = matchPath('/restaurants/:citySlug', path);
  if (city?.params.citySlug) {
    const slug = city.params.citySlug;
    return [
      {
        url: endpointUrl(endpoints.catalog.getCitiesBySlug, { params: { slug }, query: {} }),
        key: cityQueryKey(slug, null),
        infinite: false,
      },
    ];
  }
  const restaurant = matchPath('/restaurant/:slug', path);
  if (restaurant?.params.slug) {
    const slug = restaurant.params.slug;
    return [
      {
        url: endpointUrl(endpoints.catalog.getRestaurantsBySlug, { params: { slug } }),
        key: restaurantQueryKey(slug),
        infinite: false,
      },
    ];
  }
  return null;
}

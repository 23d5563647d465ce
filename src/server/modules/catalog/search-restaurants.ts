import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import type { SearchRestaurantsQuery, SearchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { matchesCuisine, matchesSearchFilters } from '../../../domain/search-filters';
import { compareCityResults } from '../../../domain/search-order';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo/geocoder';
import { currentlyCertifiedSiteIds } from '../halal/certified-sites';
import { toCard } from './card-rows';
import { branchesDeliveringTo, cityBranchesQuery } from './find-branches';
import { describeLocation, resolveLocation } from './resolve-location';

/**
 * The home page search. The database narrows by index to one city or one bounding box; the
 * cuisine, the filter chips and the order are then applied with the domain's own rules (the
 * same ones the web app's fallback uses), since "open now" depends on the London clock.
 */
export async function searchRestaurants(
  db: Db,
  geocoder: Geocoder,
  query: SearchRestaurantsQuery,
  now = new Date(),
): Promise<SearchRestaurantsResponse> {
  const location = await resolveLocation(db, geocoder, query.location);
  let cards: RestaurantCard[];
  if (location.kind === 'city') {
    cards = (await cityBranchesQuery(db, location.citySlug)).map((row) => toCard(row, now));
  } else if (location.kind === 'postcode') {
    cards = (await branchesDeliveringTo(db, location)).map(({ row, km }) => toCard(row, now, km));
  } else {
    cards = [];
  }
  // Verified Halal also needs a current approved certificate, not only the status (issue 7).
  const certified = query.filters.includes('verified') ? await currentlyCertifiedSiteIds(db, cards.map((c) => c.id), now) : null;
  const matching = cards.filter(
    (c) => matchesCuisine(c.cuisines, query.cuisine) && matchesSearchFilters(c, query.filters) && (!certified || certified.has(c.id)),
  );
  // Postcode results are already nearest first.
  if (location.kind === 'city') matching.sort(compareCityResults);
  return {
    location: describeLocation(location),
    total: matching.length,
    restaurants: matching.slice(query.offset, query.offset + query.limit),
  };
}

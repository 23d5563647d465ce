import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import type { SearchRestaurantsQuery, SearchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { matchesCuisine, matchesSearchFilters } from '../../../domain/search-filters';
import { compareCityResults } from '../../../domain/search-order';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo/geocoder';
import { currentlyCertifiedSiteIds } from '../halal/certified-sites';
import { isOpenNow } from '../../../domain/open-now';
import { type RankRow, cardRowsByIds, toCard } from './card-rows';
import { cityRankQuery, rankDeliveringTo } from './find-branches';
import { describeLocation, resolveLocation } from './resolve-location';

/**
 * The home page search. The database narrows by index to one city or one bounding box; the
 * cuisine, the filter chips and the order are then applied with the domain's own rules (the
 * same ones the web app's fallback uses), since "open now" depends on the London clock. Only the
 * columns those rules need are read for every branch; the full cards are read for the page alone.
 */
export async function searchRestaurants(
  db: Db,
  geocoder: Geocoder,
  query: SearchRestaurantsQuery,
  now = new Date(),
): Promise<SearchRestaurantsResponse> {
  const location = await resolveLocation(db, geocoder, query.location);
  let found: { row: RankRow; km: number | null }[];
  if (location.kind === 'city') {
    found = (await cityRankQuery(db, location.citySlug)).map((row) => ({ row, km: null }));
  } else if (location.kind === 'postcode') {
    found = await rankDeliveringTo(db, location);
  } else {
    found = [];
  }
  // The values the card will show, as the filters and the order see them (toCard's rules).
  const ranked = found.map(({ row, km }) => ({
    id: row.id,
    km,
    cuisines: row.cuisines,
    brandName: row.brandName,
    branchName: row.branchName,
    halalStatus: row.halalStatus,
    etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
    deliveryFeeMinor: row.deliveryFeeMinor,
    rating: row.reviewCount > 0 && row.ratingAvg !== null ? Number(row.ratingAvg) : null,
    isOpen: isOpenNow(row, now),
  }));
  // Verified Halal also needs a current approved certificate, not only the status (issue 7).
  const certified = query.filters.includes('verified') ? await currentlyCertifiedSiteIds(db, ranked.map((c) => c.id), now) : null;
  const matching = ranked.filter(
    (c) => matchesCuisine(c.cuisines, query.cuisine) && matchesSearchFilters(c, query.filters) && (!certified || certified.has(c.id)),
  );
  // Postcode results are already nearest first.
  if (location.kind === 'city') matching.sort(compareCityResults);
  const page = matching.slice(query.offset, query.offset + query.limit);
  const rows = page.length ? new Map((await cardRowsByIds(db, page.map((c) => c.id))).map((row) => [row.id, row])) : new Map();
  const restaurants: RestaurantCard[] = [];
  for (const c of page) {
    const row = rows.get(c.id);
    // A branch archived between the two reads is left out.
    if (row) restaurants.push(toCard(row, now, c.km));
  }
  return { location: describeLocation(location), total: matching.length, restaurants };
}

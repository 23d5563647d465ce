import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import type {
  SearchRestaurantsQuery,
  SearchRestaurantsResponse,
} from '../../../domain/contracts/catalog/search-restaurants';
import { londonDate } from '../../../domain/halal-facts';
import { matchesCuisine } from '../../../domain/search-filters';
import { compareCityResults } from '../../../domain/search-order';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo';
import { type RankRow, cardRowsByIds, toCard } from './card-rows';
import { cityPageRows, cityRankQuery, rankDeliveringTo } from './find-branches';
import { describeLocation, resolveLocation } from './resolve-location';

/**
 * The home page search. The database narrows by index to one city or one bounding box and judges
 * the filter chips and "open now" (for the London clock read once here) with SQL that replicates
 * the domain's rules, answering a small row per matching branch; the cuisine, the distance and the
 * order are then applied with the domain's own functions (the same ones the web app's fallback
 * uses). The full cards are read for the page alone.
 */
export async function searchRestaurants(
  db: Db,
  geocoder: Geocoder,
  query: SearchRestaurantsQuery,
  now = new Date(),
): Promise<SearchRestaurantsResponse> {
  const location = await resolveLocation(db, geocoder, query.location);
  // The chips are judged in SQL by the domain's rules (card-rows.ts selectRankRows); the cuisine,
  // the distance and the name order stay in JS (the same functions the web app's fallback uses).
  const wantCuisine = !matchesCuisine([], query.cuisine);
  const options = { at: now, filters: query.filters, cuisines: wantCuisine };
  if (location.kind === 'city' && !wantCuisine) {
    return { location: describeLocation(location), ...(await cityPage(db, location.citySlug, query, now)) };
  }
  let found: { row: RankRow; km: number | null }[];
  if (location.kind === 'city') {
    found = (await cityRankQuery(db, location.citySlug, options)).map((row) => ({ row, km: null }));
  } else if (location.kind === 'postcode') {
    found = await rankDeliveringTo(db, location, options);
  } else {
    found = [];
  }
  const ranked = found
    .filter(({ row }) => !wantCuisine || matchesCuisine(row.cuisines ?? [], query.cuisine))
    .map(({ row, km }) => ({
      id: row.id,
      km,
      brandName: row.brandName ?? '',
      branchName: row.branchName,
      rating: row.rating === null ? null : Number(row.rating),
      isOpen: row.isOpen ?? false,
    }));
  const matching = ranked;
  // Postcode results are already nearest first.
  if (location.kind === 'city') matching.sort(compareCityResults);
  const page = matching.slice(query.offset, query.offset + query.limit);
  return { location: describeLocation(location), total: matching.length, restaurants: await cards(db, page, now) };
}

type Ranked = {
  id: string;
  km: number | null;
  brandName: string;
  branchName: string;
  rating: number | null;
  isOpen: boolean;
};

/**
 * A city's page when SQL can judge every condition (no cuisine; Verified Halal is the derived
 * status in SQL, docs/decisions/0100-halal-status-derived.md): the branches
 * are first counted by open or not and rating, which orders them before the names do; only the
 * groups that overlap the page are then read and ordered by name in JS (the collator).
 */
async function cityPage(
  db: Db,
  citySlug: string,
  query: SearchRestaurantsQuery,
  now: Date,
): Promise<Omit<SearchRestaurantsResponse, 'location'>> {
  const found = await cityPageRows(db, citySlug, { at: now, filters: query.filters }, query.offset, query.limit);
  const total = found.length ? Number(found[0].total) : 0;
  const inPage = found.filter((row) => row.id !== null);
  if (!inPage.length) return { total, restaurants: [] };
  const start = Math.min(...inPage.map((row) => Number(row.before)));
  const end = query.offset + query.limit;
  const rows: Ranked[] = inPage.map((row) => ({
    id: row.id!,
    km: null,
    brandName: row.brand_name,
    branchName: row.branch_name,
    rating: row.rating === null ? null : Number(row.rating),
    isOpen: row.is_open,
  }));
  rows.sort(compareCityResults);
  const page = rows.slice(query.offset - start, end - start);
  return { total, restaurants: await cards(db, page, now) };
}

/** The page's full cards, read by primary key, in the page's order. */
async function cards(db: Db, page: Ranked[], now: Date): Promise<RestaurantCard[]> {
  const rows = page.length
    ? new Map(
        (
          await cardRowsByIds(
            db,
            page.map((c) => c.id),
            londonDate(now),
          )
        ).map((row) => [row.id, row]),
      )
    : new Map();
  const restaurants: RestaurantCard[] = [];
  for (const c of page) {
    const row = rows.get(c.id);
    // A branch archived between the two reads is left out.
    if (row) restaurants.push(toCard(row, now, c.km));
  }
  return restaurants;
}

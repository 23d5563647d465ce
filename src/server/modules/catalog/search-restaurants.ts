import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import type {
  SearchRestaurantsQuery,
  SearchRestaurantsResponse,
} from '../../../domain/contracts/catalog/search-restaurants';
import { hasDietaryChoice } from '../../../domain/dietary';
import { AppError } from '../../../domain/errors';
import { normalisePostcode } from '../../../domain/geo';
import { londonDate } from '../../../domain/halal-facts';
import { matchesCuisine } from '../../../domain/search-filters';
import { compareCityResults, firstInOrder, searchComparator } from '../../../domain/search-order';
import { type OrderDeps, orderDeps } from '../../../domain/catalog-invalidation';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo';
import { type BranchSnapshot, type SnapshotRow, snapshotCityRank, snapshotDeliveringTo } from './branch-snapshot';
import { type CardRow, type RankRow, cardRowsByIds, toCard } from './card-rows';
import { cityPageJson } from './city-page-json';
import { cityPageRows, cityRankQuery, rankDeliveringTo } from './find-branches';
import { catalogSeen, heldOffers, offersOfRow } from './held-offers';
import { matchSql } from './match-sql';
import { type DeliveryPoint, geocodeDeliverTo, reachOf } from './delivers-here';
import { DEFAULT_CITY_SLUG, type ResolvedLocation, describeLocation, resolveLocation } from './resolve-location';

/** The parsed query; the refinements may be left out (the bench and older tests call it directly). */
export type SearchInput = Omit<SearchRestaurantsQuery, 'sort' | 'diet' | 'without'> &
  Partial<Pick<SearchRestaurantsQuery, 'sort' | 'diet' | 'without'>>;

/**
 * Filled by a search with what its page depends on among the branches' ratings and open flags
 * (domain/catalog-invalidation.ts orderDeps), for the response cache's tags; left empty by the city
 * page read whole in SQL (the cache then tags the answer with every rating of its city).
 */
export type SearchMakings = { order?: OrderDeps };

/**
 * The postcode the cards say "delivers here" for (docs/product/customer.md#delivers-here): the
 * searched postcode, else deliverTo for a city search; null when none is given or found.
 */
async function deliveryPoint(
  geocoder: Geocoder,
  location: ResolvedLocation,
  deliverTo: string | undefined,
): Promise<DeliveryPoint | null> {
  if (location.kind === 'postcode') return { postcode: location.label, lat: location.lat, lng: location.lng };
  if (location.kind !== 'city') return null;
  return geocodeDeliverTo(geocoder, deliverTo);
}

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
  input: SearchInput,
  now = new Date(),
  snapshot?: BranchSnapshot,
  makings?: SearchMakings,
): Promise<SearchRestaurantsResponse> {
  const query = { ...input, sort: input.sort ?? 'recommended' };
  const location = await resolveLocation(db, geocoder, query.location, snapshot?.city);
  if (query.sort === 'distance' && location.kind !== 'postcode' && !query.deliverTo) {
    throw new AppError('VALIDATION_ERROR', 'Sorting by distance needs a postcode: search one, or send deliverTo.');
  }
  const point = await deliveryPoint(geocoder, location, query.deliverTo);
  const deliverTo = point ? { postcode: point.postcode, lat: point.lat, lng: point.lng } : null;
  // The chips are judged in SQL by the domain's rules (card-rows.ts selectRankRows); the cuisine,
  // the distance and the name order stay in JS (the same functions the web app's fallback uses).
  const wantCuisine = !matchesCuisine([], query.cuisine);
  const dietary = { diet: query.diet ?? [], without: query.without ?? [] };
  const refined =
    Boolean(query.q?.trim()) || hasDietaryChoice(dietary) || query.sort !== 'recommended' || point !== null;
  // A search that reads no menu is answered from the branch snapshot when there is one (branch-snapshot.ts).
  const menuMatch = matchSql(query.q, dietary);
  const snap = snapshot && !menuMatch && location.kind !== 'unknown' ? await snapshot.rows(now) : null;
  if (location.kind === 'city' && !wantCuisine && !refined && !snap) {
    return {
      location: describeLocation(location),
      deliverTo,
      ...(await cityPage(db, location.citySlug, query, now)),
    };
  }
  // Name, dietary filters, sorts and "delivers here": one read with the sort keys (docs/decisions/0162-discovery-search.md).
  const options = {
    at: now,
    filters: query.filters,
    cuisines: wantCuisine,
    match: menuMatch,
    sortKeys: refined,
    position: point !== null,
  };
  let found: { row: RankRow; km: number | null; deliversHere: boolean | null }[];
  if (snap && location.kind === 'city') {
    found = snapshotCityRank(snap, location.citySlug, now, query.filters).map((row) => ({
      row,
      ...reachOf(point, row),
    }));
  } else if (snap && location.kind === 'postcode') {
    found = snapshotDeliveringTo(snap, location, now, query.filters).map((x) => ({ ...x, deliversHere: true }));
  } else if (location.kind === 'city') {
    found = (await cityRankQuery(db, location.citySlug, options)).map((row) => ({ row, ...reachOf(point, row) }));
  } else if (location.kind === 'postcode') {
    // A postcode search lists only the branches whose radius reaches it.
    found = (await rankDeliveringTo(db, location, options)).map((x) => ({ ...x, deliversHere: true }));
  } else {
    found = [];
  }
  const matching: Required<Ranked>[] = found
    .filter(({ row }) => !wantCuisine || matchesCuisine(row.cuisines ?? [], query.cuisine))
    .map(({ row, km, deliversHere }) => ({
      id: row.id,
      km,
      deliversHere,
      brandName: row.brandName ?? '',
      branchName: row.branchName,
      rating: row.rating === null ? null : Number(row.rating),
      isOpen: row.isOpen ?? false,
      reviewCount: row.reviewCount ?? 0,
      deliveryFeeMinor: row.deliveryFeeMinor ?? 0,
      etaMinMinutes: Number(row.etaMinMinutes ?? 0),
      etaMaxMinutes: Number(row.etaMaxMinutes ?? 0),
    }));
  // Postcode results are already nearest first. Only the pages up to this one are put in order.
  const order = refined
    ? searchComparator(query.sort, location.kind === 'postcode')
    : location.kind === 'city'
      ? compareCityResults
      : null;
  const end = query.offset + query.limit;
  const page = (order ? firstInOrder(matching, order, end) : matching).slice(query.offset, end);
  if (makings) makings.order = orderDeps(query.sort, location.kind === 'postcode', query.filters, matching, page);
  return {
    location: describeLocation(location),
    deliverTo,
    total: matching.length,
    restaurants: await cards(db, page, now, snap),
  };
}

/**
 * The search answer as the JSON text the API sends: the response contract's JSON of itself.
 * The common search, a city's page with chips only, is answered as text by one prepared statement
 * (city-page-json.ts, docs/decisions/0178-fast-uncached-search.md); the rest goes through
 * searchRestaurants, whose answer is built in the contract's key order (describeLocation, toCard), so
 * it is serialised without the contract's parse, a copy of every card
 * (docs/decisions/0267-uncached-answers-without-runtime-parse.md; uncached-answers.test.ts proves the text
 * equal to the parsed answer's for every kind of search).
 */
export async function searchRestaurantsText(
  db: Db,
  geocoder: Geocoder,
  input: SearchInput,
  now = new Date(),
  snapshot?: BranchSnapshot,
  makings?: SearchMakings,
): Promise<string> {
  const typed = (input.location ?? '').trim() || DEFAULT_CITY_SLUG;
  const plain =
    matchesCuisine([], input.cuisine) &&
    !input.q?.trim() &&
    !hasDietaryChoice({ diet: input.diet ?? [], without: input.without ?? [] }) &&
    (input.sort ?? 'recommended') === 'recommended' &&
    !input.deliverTo &&
    // resolveLocation tries a city first; text that may be a postcode keeps that order there.
    !normalisePostcode(typed);
  if (plain && !snapshot) {
    const text = await cityPageJson(db, typed, input.filters, input.offset, input.limit, now);
    if (text !== null) return text;
  }
  return JSON.stringify(await searchRestaurants(db, geocoder, input, now, snapshot, makings));
}

type Ranked = {
  id: string;
  km: number | null;
  deliversHere?: boolean | null;
  reviewCount?: number;
  deliveryFeeMinor?: number;
  etaMinMinutes?: number;
  etaMaxMinutes?: number;
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
  query: SearchInput,
  now: Date,
): Promise<Omit<SearchRestaurantsResponse, 'location' | 'deliverTo'>> {
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

/** The cards' rows by primary key, each with its offers held in this process while the catalog is unchanged (held-offers.ts). */
async function cardsByIds(db: Db, ids: string[], today: string): Promise<Map<string, CardRow>> {
  const held = heldOffers(db, today);
  const found = await cardRowsByIds(db, ids, today, held?.version ?? '');
  const version = found.length ? String(found[0].offersVersion) : null;
  if (version !== null && held?.version !== version) catalogSeen(db, version, today);
  const rows = new Map<string, CardRow>();
  for (const row of found) {
    row.offers = offersOfRow(held, version ?? '', row.id, row.offers);
    rows.set(row.id, row);
  }
  return rows;
}

/** The page's full cards, read by primary key (or taken from the snapshot), in the page's order. */
async function cards(
  db: Db,
  page: Ranked[],
  now: Date,
  snap: ReadonlyMap<string, SnapshotRow> | null = null,
): Promise<RestaurantCard[]> {
  const rows: ReadonlyMap<string, CardRow> = snap
    ? snap
    : page.length
      ? await cardsByIds(
          db,
          page.map((c) => c.id),
          londonDate(now),
        )
      : new Map();
  const restaurants: RestaurantCard[] = [];
  for (const c of page) {
    const row = rows.get(c.id);
    // A branch archived between the two reads is left out.
    if (row) restaurants.push(toCard(row, now, c.km, c.deliversHere ?? null));
  }
  return restaurants;
}

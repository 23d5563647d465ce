import { type SearchFilter, TOP_RATED_MIN_RATING } from './search-filters';
import type { SearchSort } from './search-order';

/**
 * The keys by which a change to the catalog invalidates cached answers, and the tags a cached answer
 * carries (docs/decisions/0246-narrow-cache-invalidation.md, docs/decisions/0289-answers-that-show-the-branch.md).
 * The database's triggers (migrations 0038, 0046) record, for every write, the keys of the answers it
 * can change; a cached answer is dropped when one of its tags is among them:
 *
 * - `b:<branch id>`: the branch's restaurant page (every write to the branch, its brand, menu,
 *   overrides, halal facts or reviews);
 * - `cs:<city slug>`: the searches of a city (a branch's card changed, or a branch entered or left
 *   the city; not a rating change, which `o:` and `r:` carry);
 * - `s:<city slug>`: what `cs:` was before migration 0046, still written with it and with every rating
 *   change for the processes of the release before (they tag their city searches `s:`) while a rolling
 *   upgrade replaces them; no answer of this release carries it;
 * - `c:<branch id>`: the branch's card or its membership in a search changed (not its menu, rating or
 *   open flag alone): the postcode searches carry it for every branch that reaches them;
 * - `o:<branch id>`: the branch's rating, review count or open flag changed: the answers that show the
 *   branch, and the postcode searches where it could rank across their page, carry it;
 * - `r:<city slug>:<tenths>`: a rating of the city moved through this value (tenths of a star, -1 for
 *   none; every value from the old rating to the new one): a city search carries the ratings at the
 *   two ends of its page (and 4.5 with the Top Rated chip), since a branch enters or leaves a page, or
 *   the chip, only by passing one of them; `ra:<city slug>`: any rating of the city changed;
 * - `g:<cell>`: the postcode searches whose reach covers that grid cell, for a branch added, removed,
 *   moved, re-listed or given another radius there;
 * - `d:<city slug>`, `dg:<cell>`: the same two for the searches that read menus (a dish name or a
 *   dietary choice): a menu edit changes no card, only which branches such a search finds;
 * - `cities`: every search (each resolves the typed place against the cities first);
 * - `all`: everything (platform settings, a TRUNCATE, or more than 100 keys in one statement).
 *
 * An answer whose makings are unknown (a server-rendered page) carries {@link ANY_CHANGE}: any key drops it.
 */
export const ALL = 'all';
/** The tag of an answer that any change may alter. */
export const ANY_CHANGE = '*';

/** Grid cells: 0.2° of latitude (22 km) by 1/3° of longitude (23 km in London). Must match catalog_branch_keys (SQL). */
const LAT_CELLS_PER_DEGREE = 5;
const LNG_CELLS_PER_DEGREE = 3;
const KM_PER_DEGREE = 111.32;
/** Slack (degrees) so floating-point differences between SQL and JS never leave a cell out. */
const MARGIN_DEGREES = 0.001;
/** Beyond this many cells (a reach near a pole) an answer is tagged as touched by any change. */
const MAX_CELLS = 64;

/** The grid cell of a position, as the trigger writes it (`floor(lat * 5)`, `floor(lng * 3)`). */
export function cellOf(lat: number, lng: number): string {
  return `${Math.floor(lat * LAT_CELLS_PER_DEGREE)},${Math.floor(lng * LNG_CELLS_PER_DEGREE)}`;
}

/**
 * Every cell that a box `km` around a point touches: a superset of the box the postcode search reads
 * (find-branches.ts: latitude ± km / 111.32, longitude ± km / (111.32 cos latitude)).
 */
export function cellsAround(lat: number, lng: number, km: number): string[] {
  const dLat = km / KM_PER_DEGREE + MARGIN_DEGREES;
  const cos = Math.cos((lat * Math.PI) / 180);
  if (cos < 0.05) return [ANY_CHANGE];
  const dLng = km / (KM_PER_DEGREE * cos) + MARGIN_DEGREES;
  const rows = [Math.floor((lat - dLat) * LAT_CELLS_PER_DEGREE), Math.floor((lat + dLat) * LAT_CELLS_PER_DEGREE)];
  const cols = [Math.floor((lng - dLng) * LNG_CELLS_PER_DEGREE), Math.floor((lng + dLng) * LNG_CELLS_PER_DEGREE)];
  if ((rows[1] - rows[0] + 1) * (cols[1] - cols[0] + 1) > MAX_CELLS) return [ANY_CHANGE];
  const cells: string[] = [];
  for (let r = rows[0]; r <= rows[1]; r += 1) for (let c = cols[0]; c <= cols[1]; c += 1) cells.push(`${r},${c}`);
  return cells;
}

/** The location a search answer echoes (its `location`), as far as its tags need it. */
export type SearchedLocation = {
  kind: 'city' | 'postcode';
  known: boolean;
  citySlug?: string;
  lat?: number;
  lng?: number;
};

/** A ranked branch as the order tags need it: the rating a card shows (null: none) and the distance it sorts by. */
export type RankedForTags = { id: string; rating: number | null; km: number | null };

/**
 * What a search's page depends on among the ratings and open flags of the branches it could list
 * (docs/decisions/0289-answers-that-show-the-branch.md):
 *
 * - `shown`: the branches on the page (their card shows the rating, review count and open flag);
 * - `edgeTenths`: the ratings of the page's first and last branch. Every order compares the rating
 *   after only the keys a rating change leaves as they are (open flag, distance, fee, time), higher
 *   first, so a branch off the page crosses its first (or last) branch only if its rating passes
 *   through that one's: a change whose ratings miss both ends leaves the page as it was;
 * - `topRated`: the Top Rated chip: a branch enters or leaves the results (their count changes on every
 *   page) only if its rating passes 4.5;
 * - `near`: for a postcode search ordered nearest first without the Top Rated or Open Now chips, the
 *   branches that a change to their rating or open flag could move across the page: only those at the
 *   very distance of its first or last branch (the distance is compared first); null when every branch
 *   that reaches it could (another order, or a chip that a rating or pause changes).
 */
export type OrderDeps = {
  shown: string[];
  edgeTenths: number[];
  topRated: boolean;
  near: string[] | null;
};

/** The rating a card shows in tenths of a star, -1 for none: the values of the `r:` keys (SQL catalog_rating_tenths). */
export function ratingTenths(rating: number | null): number {
  return rating === null ? -1 : Math.round(rating * 10);
}

/**
 * The keys a change to a branch's rating or review count alone records (migration 0046 catalog_rating_keys):
 * its page, its card and rank (`o:`), its city's ratings, and every rating from the old one to the new one
 * (and `s:` of its city, for the processes of the release before)
 * (`from`, `to`: the ratings its card showed and shows, null for none).
 */
export function ratingChangeKeys(
  id: string,
  citySlug: string | null,
  from: number | null,
  to: number | null,
): string[] {
  const city = citySlug ?? '';
  const [lo, hi] = [ratingTenths(from), ratingTenths(to)].sort((x, y) => x - y) as [number, number];
  const keys = [`b:${id}`, `o:${id}`, ...(citySlug === null ? [] : [`s:${citySlug}`]), `ra:${city}`];
  // Averages of 1 to 5 stars: nothing lies between "no rating" and 1.0.
  for (let v = lo; v <= hi; v += 1) if (v === -1 || v >= 10) keys.push(`r:${city}:${v}`);
  return keys;
}

/** The {@link OrderDeps} of a search's page, from every branch it matched (in any order) and the page. */
export function orderDeps(
  sort: SearchSort,
  byPostcode: boolean,
  filters: readonly SearchFilter[],
  matching: readonly RankedForTags[],
  page: readonly RankedForTags[],
): OrderDeps {
  const topRated = filters.includes('top');
  const edges = page.length ? [page[0]!, page[page.length - 1]!] : [];
  const edgeTenths = [...new Set(edges.map((b) => ratingTenths(b.rating)))];
  const distanceFirst = byPostcode && (sort === 'recommended' || sort === 'distance');
  let near: string[] | null = null;
  if (distanceFirst && !topRated && !filters.includes('open')) {
    const shown = new Set(page.map((b) => b.id));
    const kms = new Set(edges.map((b) => b.km));
    near = matching.filter((b) => !shown.has(b.id) && kms.has(b.km)).map((b) => b.id);
  }
  return { shown: page.map((b) => b.id), edgeTenths, topRated, near };
}

/**
 * The tags of a search answer: a city's search by its city; a postcode's by the cells its reach
 * (`reachKm`) covers (a branch added, moved, re-listed or given another radius there) and by the card
 * (`c:`) of every branch that reaches it (`reaching`); with `dishes` (a name or dietary choice: the
 * search reads menus) also the menu keys of the same. Every search also depends on the cities (the
 * place is resolved first). The ratings and open flags it depends on come from `order` (its page);
 * without it, every rating of its city and every branch reaching its postcode.
 */
export function searchTags(
  location: SearchedLocation,
  dishes: boolean,
  reachKm: number,
  reaching: readonly string[] = [],
  order: OrderDeps | null = null,
): string[] {
  const tags = ['cities'];
  if (!location.known) return tags;
  if (location.kind === 'city' && location.citySlug) {
    const city = location.citySlug;
    tags.push(`cs:${city}`);
    if (dishes) tags.push(`d:${city}`);
    if (!order) {
      tags.push(`ra:${city}`);
      return tags;
    }
    for (const id of order.shown) tags.push(`o:${id}`);
    const tenths = new Set(order.edgeTenths);
    if (order.topRated) tenths.add(Math.round(TOP_RATED_MIN_RATING * 10));
    for (const t of tenths) tags.push(`r:${city}:${t}`);
    return tags;
  }
  if (location.kind === 'postcode' && typeof location.lat === 'number' && typeof location.lng === 'number') {
    for (const cell of cellsAround(location.lat, location.lng, reachKm)) {
      if (cell === ANY_CHANGE) return [ANY_CHANGE];
      tags.push(`g:${cell}`);
      if (dishes) tags.push(`dg:${cell}`);
    }
    for (const id of reaching) tags.push(`c:${id}`);
    const ordered = order?.near ? [...order.shown, ...order.near] : reaching;
    for (const id of new Set(ordered)) tags.push(`o:${id}`);
    return tags;
  }
  return [ANY_CHANGE];
}

/** The tags of a restaurant page. */
export function restaurantTags(branchId: string): string[] {
  return [`b:${branchId}`];
}

/**
 * A change as its NOTIFY payload carries it (`<version> <key> <key> …`, migration 0038), or null
 * when the payload is not one (an older trigger's empty payload: then everything is dropped).
 */
export function parseChange(payload: string): { version: string; keys: string[] } | null {
  const parts = payload.trim().split(/\s+/);
  if (parts.length < 2 || !/^\d+$/.test(parts[0])) return null;
  return { version: parts[0], keys: parts.slice(1) };
}

/** The tags a change drops: its keys, and every answer tagged with any change. `all` drops everything (null). */
export function droppedTags(keys: readonly string[]): string[] | null {
  if (!keys.length || keys.includes(ALL)) return null;
  return [...keys, ANY_CHANGE];
}

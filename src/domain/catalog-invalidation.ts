/**
 * The keys by which a change to the catalog invalidates cached answers, and the tags a cached answer
 * carries (docs/decisions/0246-narrow-cache-invalidation.md). The database's triggers (migration
 * 0038) record, for every write, the keys of the answers it can change; a cached answer is dropped
 * when one of its tags is among them:
 *
 * - `b:<branch id>`: the branch's restaurant page (every write to the branch, its brand, menu,
 *   overrides, halal facts or reviews);
 * - `s:<city slug>`: the searches of a city (a branch's card changed, or a branch entered or left
 *   the city: an un-paused branch newly appears in its city's searches);
 * - `g:<cell>`: the postcode searches whose reach covers that grid cell, for a branch added, removed,
 *   moved, re-listed or given another radius there (its card alone changes the postcode searches
 *   through `b:`, which they carry for every branch that reaches them);
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

/**
 * The tags of a search answer: a city's search by its city; a postcode's by the cells its reach
 * (`reachKm`) covers (a branch added, moved, re-listed or given another radius there) and by every
 * branch that reaches it (`reaching`: a change to such a branch's card); with `dishes` (a name or dietary choice: the search reads menus) also the
 * menu keys of the same. Every search also depends on the cities (the place is resolved first).
 */
export function searchTags(
  location: SearchedLocation,
  dishes: boolean,
  reachKm: number,
  reaching: readonly string[] = [],
): string[] {
  const tags = ['cities'];
  if (!location.known) return tags;
  if (location.kind === 'city' && location.citySlug) {
    tags.push(`s:${location.citySlug}`);
    if (dishes) tags.push(`d:${location.citySlug}`);
    return tags;
  }
  if (location.kind === 'postcode' && typeof location.lat === 'number' && typeof location.lng === 'number') {
    for (const cell of cellsAround(location.lat, location.lng, reachKm)) {
      if (cell === ANY_CHANGE) return [ANY_CHANGE];
      tags.push(`g:${cell}`);
      if (dishes) tags.push(`dg:${cell}`);
    }
    for (const id of reaching) tags.push(`b:${id}`);
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

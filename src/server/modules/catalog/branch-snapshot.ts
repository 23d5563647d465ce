import { eq, inArray, sql } from 'drizzle-orm';
import { londonDate } from '../../../domain/halal-facts';
import { isOpenNow } from '../../../domain/open-now';
import { type SearchFilter, matchesSearchFilters } from '../../../domain/search-filters';
import { type GeoPoint, distanceKm } from '../../../domain/geo';
import type { Db } from '../../db/client';
import { brands, cities, sites } from '../../db/schema/index';
import type { City } from './resolve-location';
import { type CardRow, type RankRow, cardColumns, cardOfferLabel } from './card-rows';
import { listedSite } from './find-branches';

/**
 * Every listed branch's card row, kept in this process and refreshed branch by branch from the
 * catalog's change keys (docs/decisions/0266-embedded-misses-under-churn.md): a search that reads no
 * menu (no name, no dietary choice) is then answered from it in JS by the domain's own rules
 * (open now, the chips, the cuisine, the distance, the order) with no database read for its
 * branches. After a change, only the branches it named (`b:<id>`) are read again, one indexed read;
 * `all`, a key it does not know, or a new London date (the halal status is derived for a date)
 * reads every branch again. The response cache marks the changes it applies (on PostgreSQL those it
 * read for the request, on the embedded database those heard at commit) before the miss computes,
 * so an answer built here sees every change the request must see.
 */
export type SnapshotRow = CardRow & { citySlug: string | null };

export type BranchSnapshot = {
  /** A change's keys (null: everything may have changed). */
  mark(keys: readonly string[] | null): void;
  /** The listed branches, fresh for every change marked so far, with the halal status of `now`'s London date. */
  rows(now: Date): Promise<ReadonlyMap<string, SnapshotRow>>;
  /**
   * The directory city whose slug or name (ignoring case) is `text`, as resolve-location.ts findCity
   * answers it, from the cities kept here: read again after a change to the cities (`cities`, or a
   * change whose keys it does not know) (docs/decisions/0280-misses-off-the-request-thread.md).
   */
  city(text: string): Promise<City | null>;
  /** Reads of the cities so far (for tests). */
  cityReads(): number;
  /**
   * Every branch whose own radius reaches the point (within 10 m), listed or not, fresh as `rows`:
   * answer-tags.ts branchesReaching from the rows kept here, with no read when nothing changed
   * (docs/decisions/0280-misses-off-the-request-thread.md).
   */
  reaching(now: Date, point: { lat: number; lng: number }): Promise<string[]>;
  /** Branch rows read so far (for tests: after the first read, only the branches a change named). */
  rowsRead(): number;
};

/** A branch's place, listed or not: what decides whether it reaches a postcode. */
type Place = { lat: number; lng: number; radiusKm: number };

const BRANCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys that change no branch's row unless a `b:` key beside them names it (migrations 0038 and 0046). */
const GROUP_KEY = /^(s|cs|g|d|dg|c|o|r|ra):/;

export function createBranchSnapshot(db: Db): BranchSnapshot {
  let map: Map<string, SnapshotRow> | null = null;
  // Every branch's place (listed or not), read with the rows.
  let places = new Map<string, Place>();
  let date: string | null = null;
  let dirty: Set<string> | 'all' = 'all';
  let loading: Promise<void> | null = null;
  let read = 0;
  // The cities with their names lowered by the database (as findCity compares them), and whether a
  // change since their read may have touched them.
  let cityList: { city: City; lower: string }[] | null = null;
  let citiesDirty = true;
  let citiesLoading: Promise<void> | null = null;
  let cityReadCount = 0;

  const mark = (keys: readonly string[] | null): void => {
    if (!keys || keys.some((key) => key === 'cities' || !(key.startsWith('b:') || GROUP_KEY.test(key))))
      citiesDirty = true;
    if (dirty === 'all') return;
    if (!keys) {
      dirty = 'all';
      return;
    }
    for (const key of keys) {
      if (key.startsWith('b:') && BRANCH_ID.test(key.slice(2))) dirty.add(key.slice(2));
      else if (!GROUP_KEY.test(key) && key !== 'cities') {
        dirty = 'all';
        return;
      }
    }
  };
  const readCities = async (): Promise<void> => {
    citiesDirty = false;
    try {
      const rows = await db.select({ city: cities, lower: sql<string>`lower(${cities.name})` }).from(cities);
      cityReadCount += 1;
      cityList = rows;
    } catch (err) {
      citiesDirty = true;
      throw err;
    }
  };
  // Every branch, listed or not (`listed`: only those are searched; the others' places are kept for `reaching`).
  const select = (today: string) =>
    db
      .select({ ...cardColumns(today), citySlug: sites.citySlug, listed: sql<boolean>`${listedSite()}` })
      .from(sites)
      .innerJoin(brands, eq(brands.id, sites.brandId));
  type Read = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const placeOf = (r: Read): Place | null =>
    r.lat === null || r.lng === null ? null : { lat: r.lat, lng: r.lng, radiusKm: r.deliveryRadiusKm };
  const rowOf = ({ listed: _, ...row }: Read): SnapshotRow => row;
  const refresh = async (today: string): Promise<void> => {
    const named = dirty;
    dirty = new Set();
    const whole = named === 'all' || !map || date !== today;
    try {
      if (whole) {
        const rows = await select(today);
        read += rows.length;
        map = new Map(rows.filter((r) => r.listed).map((r) => [r.id, rowOf(r)]));
        places = new Map();
        for (const r of rows) {
          const place = placeOf(r);
          if (place) places.set(r.id, place);
        }
        date = today;
        return;
      }
      const ids = [...(named as Set<string>)];
      const rows = await select(today).where(inArray(sites.id, ids));
      read += rows.length;
      // A branch named but not answered is gone; one not listed any more leaves the search. A branch read
      // again keeps its place in the map: the order of exact ties (search-order.ts firstInOrder keeps the
      // input's) then moves only with a change to one of them, which drops the answers they are on
      // (docs/decisions/0289-answers-that-show-the-branch.md).
      const next = new Map(map!);
      const nextPlaces = new Map(places);
      const answered = new Set(rows.map((r) => r.id));
      for (const id of ids) {
        if (!answered.has(id)) {
          next.delete(id);
          nextPlaces.delete(id);
        }
      }
      for (const r of rows) {
        if (r.listed) next.set(r.id, rowOf(r));
        else next.delete(r.id);
        const place = placeOf(r);
        if (place) nextPlaces.set(r.id, place);
        else nextPlaces.delete(r.id);
      }
      map = next;
      places = nextPlaces;
    } catch (err) {
      // What this read was to bring is still unread.
      if (whole) dirty = 'all';
      else mark([...(named as Set<string>)].map((id) => `b:${id}`));
      throw err;
    }
  };
  const rows = async (now: Date): Promise<ReadonlyMap<string, SnapshotRow>> => {
    const today = londonDate(now);
    for (;;) {
      if (loading) {
        await loading;
        continue;
      }
      if (map && date === today && dirty !== 'all' && !dirty.size) return map;
      loading = refresh(today).finally(() => {
        loading = null;
      });
    }
  };
  return {
    mark,
    rows,
    async reaching(now, point) {
      await rows(now);
      const out: string[] = [];
      // As branchesReaching: 10 m beyond the radius, a superset of the search's own reach.
      for (const [id, place] of places) if (distanceKm(point, place) <= place.radiusKm + 0.01) out.push(id);
      return out;
    },
    async city(text) {
      for (;;) {
        if (citiesLoading) {
          await citiesLoading;
          continue;
        }
        if (cityList && !citiesDirty) break;
        citiesLoading = readCities().finally(() => {
          citiesLoading = null;
        });
      }
      const wanted = text.trim().toLowerCase();
      const found = cityList.find((c) => c.city.slug === wanted) ?? cityList.find((c) => c.lower === wanted);
      return found?.city ?? null;
    },
    cityReads: () => cityReadCount,
    rowsRead: () => read,
  };
}

/** A snapshot row as the search's rank row (card-rows.ts selectRankRows with every option on). */
function rankRow(row: SnapshotRow, now: Date): RankRow {
  return {
    id: row.id,
    slug: row.slug,
    brandName: row.brandName,
    brandId: row.brandId,
    branchName: row.branchName,
    rating: (row.reviewCount > 0 ? row.ratingAvg : null) as never,
    isOpen: isOpenNow(row, now),
    cuisines: row.cuisines,
    lat: row.lat,
    lng: row.lng,
    deliveryRadiusKm: row.deliveryRadiusKm,
    reviewCount: row.reviewCount,
    deliveryFeeMinor: row.deliveryFeeMinor,
    etaMinMinutes: row.etaMinMinutes + row.busyExtraMinutes,
    etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
  } as RankRow;
}

/** Whether a rank row passes the chips, by the domain's rules on the card's values (search-filters.ts). */
function passes(r: RankRow, row: SnapshotRow, filters: readonly SearchFilter[], now: Date): boolean {
  if (!filters.length) return true;
  return matchesSearchFilters(
    {
      halalStatus: row.halalStatus,
      etaMaxMinutes: r.etaMaxMinutes as number,
      deliveryFeeMinor: row.deliveryFeeMinor,
      rating: r.rating === null ? null : Number(r.rating),
      isOpen: r.isOpen as boolean,
      // The "Offers" chip keeps the cards whose badge shows at this minute (docs/decisions/0268-offer-badges-and-filter.md).
      offerLabel: cardOfferLabel(row.offers, now),
    },
    filters,
  );
}

/** A city's listed branches that pass the chips (find-branches.ts cityRankQuery without a menu match). */
export function snapshotCityRank(
  rows: ReadonlyMap<string, SnapshotRow>,
  citySlug: string,
  now: Date,
  filters: readonly SearchFilter[],
): RankRow[] {
  const out: RankRow[] = [];
  for (const row of rows.values()) {
    if (row.citySlug !== citySlug) continue;
    const r = rankRow(row, now);
    if (passes(r, row, filters, now)) out.push(r);
  }
  return out;
}

/** The listed branches whose own radius reaches the point and that pass the chips, nearest first (find-branches.ts rankDeliveringTo). */
export function snapshotDeliveringTo(
  rows: ReadonlyMap<string, SnapshotRow>,
  point: GeoPoint,
  now: Date,
  filters: readonly SearchFilter[],
): { row: RankRow; km: number }[] {
  const out: { row: RankRow; km: number }[] = [];
  for (const row of rows.values()) {
    if (row.lat === null || row.lng === null) continue;
    const km = distanceKm(point, { lat: row.lat, lng: row.lng });
    if (km > row.deliveryRadiusKm) continue;
    const r = rankRow(row, now);
    if (passes(r, row, filters, now)) out.push({ row: r, km });
  }
  return out.sort((a, b) => a.km - b.km || a.row.slug.localeCompare(b.row.slug));
}

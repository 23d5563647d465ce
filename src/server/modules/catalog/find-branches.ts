import { type SQL, and, between, eq, isNull, sql } from 'drizzle-orm';
import { type GeoPoint, distanceKm } from '../../../domain/geo';
import type { SearchFilter } from '../../../domain/search-filters';
import type { DbOrTx } from '../../db/client';
import { brands, sites } from '../../db/schema/index';
import { type CardRow, type RankRow, selectCardRows, selectRankRows } from './card-rows';

/**
 * The largest delivery radius a branch may set (docs/product/partner.md#locations: 0.5 to 20 km). The postcode search
 * only measures branches inside a box this far around the customer.
 */
export const MAX_DELIVERY_RADIUS_KM = 20;

/** Listed to customers: active, approved by HalalNosh and its brand not suspended (docs/decisions/0153-restaurant-review.md). */
export const listedSite = () =>
  and(eq(sites.status, 'active'), eq(sites.reviewStatus, 'approved'), isNull(sites.brandSuspendedAt));

const inCity = (citySlug: string) => and(eq(sites.citySlug, citySlug), listedSite());

/** A city's active branches, through sites_city_slug_idx. */
export function cityBranchesQuery(db: DbOrTx, citySlug: string, today: string) {
  return selectCardRows(db, today).where(inCity(citySlug));
}

/**
 * Options of the search's first read (card-rows.ts selectRankRows). `match` is the name and
 * dietary condition (match-sql.ts); `sortKeys` reads what the explicit sorts compare and, for a
 * postcode, the names and open state the recommended order breaks ties with; `position` reads a
 * city's branches' positions for a known delivery postcode.
 */
export type RankOptions = {
  at: Date;
  filters: readonly SearchFilter[];
  cuisines: boolean;
  match?: SQL;
  sortKeys?: boolean;
  position?: boolean;
};

/** A city's active branches that pass the filters, as rank rows (the search's first read). */
export function cityRankQuery(db: DbOrTx, citySlug: string, o: RankOptions) {
  return selectRankRows(db, and(inCity(citySlug), o.match), o.at, o.filters, {
    cuisines: o.cuisines,
    position: o.position ?? false,
    names: true,
    order: true,
    sortKeys: o.sortKeys,
  });
}

/**
 * One page of a city's branches that pass the filters, in one statement: the branches are counted
 * by what orders them before their names (open or not, then the rating the card shows, unrated
 * last: compareCityResults's first two keys), and only the rows of the groups that overlap
 * [offset, offset + limit) are answered, each with `before` (how many branches precede its group)
 * and `total`. When the page lies past the end, one row with a null id still carries the total.
 */
export async function cityPageRows(
  db: DbOrTx,
  citySlug: string,
  o: Omit<RankOptions, 'cuisines'>,
  offset: number,
  limit: number,
) {
  const result = await db.execute(cityPageQuery(db, citySlug, o, offset, limit));
  const rows = result.rows as {
    id: string | null;
    brand_name: string;
    branch_name: string;
    rating: string | number | null;
    is_open: boolean;
    before: string | number;
    total: string | number;
  }[];
  return rows;
}

/** The statement of cityPageRows. */
export function cityPageQuery(
  db: DbOrTx,
  citySlug: string,
  o: Omit<RankOptions, 'cuisines'>,
  offset: number,
  limit: number,
) {
  const rank = selectRankRows(db, inCity(citySlug), o.at, o.filters, {
    cuisines: false,
    position: false,
    names: false,
    order: true,
  });
  return sql`with r(id, slug, brand_name, brand_id, branch_name, rating, is_open, cuisines, lat, lng, radius) as (${rank.getSQL()}),
    g as (select is_open, rating, count(*) as n from r group by 1, 2),
    c as (select is_open, rating, n, sum(n) over (order by is_open desc, coalesce(rating, -1) desc) as upto, sum(n) over () as total from g),
    w as (select * from c where upto - n < ${offset + limit} and upto > ${offset})
    select r.id, b.name as brand_name, r.branch_name, r.rating, r.is_open, w.upto - w.n as before, w.total
      from r join w on w.is_open = r.is_open and coalesce(w.rating, -1) = coalesce(r.rating, -1) join ${brands} b on b.id = r.brand_id
    union all
    select null, null, null, null, null, null, (select coalesce(sum(n), 0) from g) where not exists (select 1 from w)`;
}

/**
 * Active branches inside the box around a point that the largest delivery radius of any branch
 * spans (at most MAX_DELIVERY_RADIUS_KM), through sites_lat_lng_idx. The largest radius is read
 * first, from the end of sites_delivery_radius_idx: branches are set to 3 to 6 km, and a box of
 * 20 km held two to four times the rows to measure (the scale budget: docs/product/README.md#performance).
 */
function inBox(point: GeoPoint) {
  const largest = sql`(select least(max(s.delivery_radius_km), ${MAX_DELIVERY_RADIUS_KM}::float8) from ${sites} s)`;
  const kmPerDegreeLng = 111.32 * Math.cos((point.lat * Math.PI) / 180);
  return and(
    between(
      sites.lat,
      sql`${point.lat}::float8 - ${largest} / 111.32`,
      sql`${point.lat}::float8 + ${largest} / 111.32`,
    ),
    between(
      sites.lng,
      sql`${point.lng}::float8 - ${largest} / ${kmPerDegreeLng}::float8`,
      sql`${point.lng}::float8 + ${largest} / ${kmPerDegreeLng}::float8`,
    ),
    listedSite(),
  );
}

/** Active branches inside the box around a point (inBox). */
export function nearbyBranchesQuery(db: DbOrTx, point: GeoPoint, today: string) {
  return selectCardRows(db, today).where(inBox(point));
}

/**
 * Whether a branch's own radius reaches the point, by domain/geo.ts's haversine computed in SQL
 * with a 1 m margin: PostgreSQL's trigonometry may differ from V8's in the last bits, so this only
 * narrows the rows, and the distance and the radius test that decide are JS's distanceKm.
 */
function roughlyWithinRadius(point: GeoPoint) {
  return sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(${sites.lat} - ${point.lat}::float8) / 2), 2) + cos(radians(${point.lat}::float8)) * cos(radians(${sites.lat})) * power(sin(radians(${sites.lng} - ${point.lng}::float8) / 2), 2)))) <= ${sites.deliveryRadiusKm} + 0.001`;
}

/** The same box, branches that pass the filters and roughly reach the point, as rank rows with their position (the search's first read). */
export function nearbyRankQuery(db: DbOrTx, point: GeoPoint, o: RankOptions) {
  return selectRankRows(db, and(inBox(point), roughlyWithinRadius(point), o.match), o.at, o.filters, {
    cuisines: o.cuisines,
    position: true,
    names: o.sortKeys ?? false,
    order: o.sortKeys ?? false,
    sortKeys: o.sortKeys,
  });
}

/** The branches whose own delivery radius reaches the point, each with its distance, nearest first. */
export async function branchesDeliveringTo(
  db: DbOrTx,
  point: GeoPoint,
  today: string,
): Promise<{ row: CardRow; km: number }[]> {
  const rows = await nearbyBranchesQuery(db, point, today);
  return rows
    .filter((row) => row.lat !== null && row.lng !== null)
    .map((row) => ({ row, km: distanceKm(point, { lat: row.lat!, lng: row.lng! }) }))
    .filter((x) => x.km <= x.row.deliveryRadiusKm)
    .sort((a, b) => a.km - b.km || a.row.slug.localeCompare(b.row.slug));
}

/** Rank rows of the branches whose own delivery radius reaches the point, with distance, nearest first. */
export async function rankDeliveringTo(
  db: DbOrTx,
  point: GeoPoint,
  o: RankOptions,
): Promise<{ row: RankRow; km: number }[]> {
  const rows = await nearbyRankQuery(db, point, o);
  return rows
    .filter((row) => row.lat !== null && row.lng !== null)
    .map((row) => ({ row, km: distanceKm(point, { lat: row.lat!, lng: row.lng! }) }))
    .filter((x) => x.km <= x.row.deliveryRadiusKm!)
    .sort((a, b) => a.km - b.km || a.row.slug.localeCompare(b.row.slug));
}

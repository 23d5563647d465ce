import { type SQL, and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { nextOpening } from '../../../domain/next-opening';
import { isOpenNow } from '../../../domain/open-now';
import type { OpeningHours } from '../../../domain/opening-hours';
import { compareCityResults } from '../../../domain/search-order';
import type { SearchFilter } from '../../../domain/search-filters';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, cities, sites } from '../../db/schema/index';
import { halalStatusSql, lastVerifiedAtSql } from '../halal';
import { type ClockSql, clockValues, filterSql, openNowParts, ratingSql } from './card-rows';
import { listedSite } from './find-branches';
import { describeLocation } from './resolve-location';

/**
 * The common search (a city's page with chips only: no cuisine, name, dietary choice, sort or
 * delivery postcode) answered as its final JSON text, in one prepared statement
 * (docs/decisions/0178-fast-uncached-search.md). The statement finds the city, counts its
 * matching branches by open state and rating as cityPageQuery does (find-branches.ts), and
 * answers the rows of the groups that overlap the page, each with its card's JSON text in two
 * pieces. JS keeps what it alone decides identically: the name order (the en-GB collator), and a
 * card's "open now" and "Opens at" (domain/open-now.ts, domain/next-opening.ts), spliced between
 * the pieces; positions go through JS's number formatting. search-sql.test.ts proves the text
 * equal, character for character, to the contract-validated answer of searchRestaurants.
 */

const qb = new QueryBuilder();
const P = {
  loc: sql.placeholder('loc'),
  offset: sql.placeholder('offset'),
  end: sql.placeholder('end'),
  date: sql.placeholder('date'),
};
const CLOCK: ClockSql = {
  weekday: sql.placeholder('weekday'),
  yesterday: sql.placeholder('yesterday'),
  minute: sql.placeholder('minute'),
  at: sql.placeholder('at'),
  date: P.date,
};

/** `"key":<JSON of a text or null>` pieces, as JSON.stringify writes them. */
const text = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * The card's JSON before "isOpen" (id to logoUrl) and after "distanceKm" (description to phone).
 * Values that never need escaping (UUIDs, the four halal statuses, a timestamp in digits) are
 * quoted by concatenation; free text goes through to_json; the cuisines are one array_to_json
 * (compact, as JSON.stringify writes it) rather than an aggregate per card.
 */
function cardPieces() {
  // The halal SQL is a twin of the domain's rule; the date is the statement's London date.
  const today = P.date as unknown as string;
  const head = sql`'{"id":"' || ${sites.id} || '"' || ',"slug":' || to_json(${sites.slug})::text
    || ',"brandId":"' || ${sites.brandId} || '"' || ',"brandName":' || to_json(${brands.name})::text
    || ',"branchName":' || to_json(${sites.name})::text || ',"city":' || to_json(${sites.city})::text
    || ',"cuisines":' || array_to_json(array(select e.v
      from jsonb_array_elements_text(${sites.cuisines}) with ordinality e(v, o) order by e.o))::text
    || ',"rating":' || coalesce(case when ${sites.reviewCount} > 0 then ${sites.ratingAvg}::float8::text end, 'null')
    || ',"reviewCount":' || ${sites.reviewCount}
    || ',"etaMinMinutes":' || (${sites.etaMinMinutes} + ${sites.busyExtraMinutes})
    || ',"etaMaxMinutes":' || (${sites.etaMaxMinutes} + ${sites.busyExtraMinutes})
    || ',"deliveryFeeMinor":' || ${sites.deliveryFeeMinor} || ',"minOrderMinor":' || ${sites.minOrderMinor}
    || ',"halalStatus":"' || ${halalStatusSql(today)} || '"'
    || ',"lastVerifiedAt":' || coalesce('"' || to_char(${lastVerifiedAtSql()} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"imageUrl":' || ${text(sql`${sites.imageUrl}`)} || ',"logoUrl":' || ${text(sql`${brands.logoUrl}`)}`;
  const tail = sql`',"description":' || ${text(sql`${sites.description}`)} || ',"address":' || ${text(sql`${sites.address}`)}
    || ',"postcode":' || ${text(sql`${sites.postcode}`)} || ',"phone":' || ${text(sql`${sites.phone}`)}`;
  return { head, tail };
}

function statement(filters: readonly SearchFilter[]): SQL {
  const { join, open } = openNowParts(CLOCK);
  const conditions = [
    eq(sites.citySlug, sql`(select slug from city)`),
    listedSite(),
    ...filters.map((f) => filterSql(f, open, P.date as unknown as string)),
  ];
  const rank = qb
    .select({ id: sites.id, rating: ratingSql, isOpen: open })
    .from(sites)
    .crossJoinLateral(join)
    .where(and(...conditions));
  const { head, tail } = cardPieces();
  return sql`with city as (select ${cities.slug} as slug, ${cities.name} as name, ${cities.lat} as lat, ${cities.lng} as lng
      from ${cities} where ${cities.slug} = ${P.loc}::text or lower(${cities.name}) = ${P.loc}::text limit 1),
    r(id, rating, is_open) as (${rank.getSQL()}),
    g as (select is_open, rating, count(*) as n from r group by 1, 2),
    c as (select is_open, rating, n, sum(n) over (order by is_open desc, coalesce(rating, -1) desc) as upto from g),
    w as (select * from c where upto - n < ${P.end}::int and upto > ${P.offset}::int)
    select 0 as kind, city.slug as city_slug, city.name as city_name, city.lat as city_lat, city.lng as city_lng,
      (select coalesce(sum(n), 0) from g)::int as total, null::float8 as rating, null::boolean as ranked_open,
      null::int as before, null as brand_name, null as branch_name, null as head, null as tail,
      null::jsonb as opening_hours, null::boolean as switch_on, null::float8 as paused_until,
      null::float8 as lat, null::float8 as lng, null::float8 as radius
      from city
    union all
    select 1, null, null, null, null, null, r.rating::float8, r.is_open, (w.upto - w.n)::int, ${brands.name}, ${sites.name},
      ${head}, ${tail}, ${sites.openingHours}, ${sites.isOpen},
      round(extract(epoch from date_trunc('milliseconds', ${sites.pausedUntil})) * 1000)::float8,
      ${sites.lat}, ${sites.lng}, ${sites.deliveryRadiusKm}
      from r join w on w.is_open = r.is_open and coalesce(w.rating, -1) = coalesce(r.rating, -1)
      join ${sites} on ${sites.id} = r.id join ${brands} on ${brands.id} = ${sites.brandId}`;
}

type Row = {
  kind: number;
  city_slug: string | null;
  city_name: string | null;
  city_lat: number | null;
  city_lng: number | null;
  total: number | null;
  rating: number | null;
  ranked_open: boolean | null;
  before: number | null;
  brand_name: string;
  branch_name: string;
  head: string;
  tail: string;
  opening_hours: OpeningHours;
  switch_on: boolean;
  paused_until: number | null;
  lat: number | null;
  lng: number | null;
  radius: number;
};

const ORDER: readonly SearchFilter[] = ['verified', 'fast', 'free', 'top', 'open'];
const statements = new Map<string, ReturnType<typeof preparedStatement<Row>>>();

function statementFor(filters: readonly SearchFilter[]) {
  const chosen = ORDER.filter((f) => filters.includes(f));
  const name = `city_page_json${chosen.map((f) => `_${f}`).join('')}`;
  let run = statements.get(name);
  if (!run) {
    run = preparedStatement<Row>(name, () => statement(chosen), { prepareOnPglite: true });
    statements.set(name, run);
  }
  return run;
}

/**
 * The search answer's JSON text for a city's page, or null when `typed` names no city (the caller
 * then resolves it as a postcode or an unknown place). `typed` is the search box as sent.
 */
export async function cityPageJson(
  db: Db,
  typed: string,
  filters: readonly SearchFilter[],
  offset: number,
  limit: number,
  now: Date,
): Promise<string | null> {
  const clock = clockValues(now);
  const rows = await statementFor(filters)(db, {
    loc: typed.trim().toLowerCase(),
    offset,
    end: offset + limit,
    ...clock,
  });
  const city = rows.find((row) => row.kind === 0);
  if (!city) return null;
  const inPage = rows.filter((row) => row.kind === 1);
  const start = inPage.length ? Math.min(...inPage.map((row) => Number(row.before))) : 0;
  const ranked = inPage.map((row) => ({
    row,
    isOpen: row.ranked_open ?? false,
    rating: row.rating === null ? null : Number(row.rating),
    brandName: row.brand_name,
    branchName: row.branch_name,
  }));
  ranked.sort(compareCityResults);
  const cards = ranked.slice(offset - start, offset + limit - start).map(({ row }) => {
    const site = {
      isOpen: row.switch_on,
      openingHours: row.opening_hours,
      pausedUntil: row.paused_until === null ? null : new Date(Number(row.paused_until)),
    };
    const open = isOpenNow(site, now);
    const next = open ? null : nextOpening(site, now);
    return `${row.head},"isOpen":${open},"nextOpening":${JSON.stringify(next)},"deliversHere":null,"distanceKm":null${row.tail},"lat":${JSON.stringify(row.lat)},"lng":${JSON.stringify(row.lng)},"deliveryRadiusKm":${JSON.stringify(row.radius)}}`;
  });
  const location = describeLocation({
    kind: 'city',
    citySlug: city.city_slug!,
    label: city.city_name!,
    lat: Number(city.city_lat),
    lng: Number(city.city_lng),
  });
  return `{"location":${JSON.stringify(location)},"deliverTo":null,"total":${Number(city.total)},"restaurants":[${cards.join(',')}]}`;
}

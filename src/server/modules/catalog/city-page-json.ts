import { type SQL, and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { compareCityResults } from '../../../domain/search-order';
import { SEARCH_FILTERS, type SearchFilter } from '../../../domain/search-filters';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, cities, sites } from '../../db/schema/index';
import {
  type ClockSql,
  type FlatCardRow,
  cardRowOfFlat,
  catalogVersionSql,
  clockValues,
  filterSql,
  flatCardSql,
  offersUnlessHeldSql,
  openNowParts,
  ratingSql,
  toCard,
} from './card-rows';
import { listedSite } from './find-branches';
import { catalogSeen, heldOffers, offersOfRow } from './held-offers';
import { describeLocation } from './resolve-location';

/**
 * The common search (a city's page with chips only: no cuisine, name, dietary choice, sort or
 * delivery postcode) answered as its final JSON text from one prepared statement
 * (docs/decisions/0178-fast-uncached-search.md). The statement finds the city, counts its
 * matching branches by open state and rating as cityPageQuery does (find-branches.ts), and
 * answers the card columns of the rows of the groups that overlap the page (flatCardSql). JS orders
 * them by name (the en-GB collator) and writes each card with toCard and JSON.stringify, whose keys
 * are the contract's in its order: building the card text in SQL cost the database more than the
 * whole card costs JS (docs/decisions/0248-uncached-path-cpu.md). search-sql.test.ts proves the text
 * equal, character for character, to the contract-validated answer of searchRestaurants.
 */

const qb = new QueryBuilder();
const P = {
  loc: sql.placeholder('loc'),
  offset: sql.placeholder('offset'),
  end: sql.placeholder('end'),
  date: sql.placeholder('date'),
  /** The catalog version of the offers texts this process holds ('' when none): held-offers.ts. */
  offersVersion: sql.placeholder('offersVersion'),
};
const CLOCK: ClockSql = {
  weekday: sql.placeholder('weekday'),
  yesterday: sql.placeholder('yesterday'),
  minute: sql.placeholder('minute'),
  at: sql.placeholder('at'),
  date: P.date,
};

function statement(filters: readonly SearchFilter[]): SQL {
  const { join, open } = openNowParts(CLOCK);
  const conditions = [
    eq(sites.citySlug, sql`(select slug from city)`),
    listedSite(),
    ...filters.map((f) => filterSql(f, open, CLOCK)),
  ];
  const rank = qb
    .select({ id: sites.id, rating: ratingSql, isOpen: open })
    .from(sites)
    .crossJoinLateral(join)
    .where(and(...conditions));
  return sql`with city as (select ${cities.slug} as slug, ${cities.name} as name, ${cities.lat} as lat, ${cities.lng} as lng
      from ${cities} where ${cities.slug} = ${P.loc}::text or lower(${cities.name}) = ${P.loc}::text limit 1),
    r(id, rating, is_open) as (${rank.getSQL()}),
    g as (select is_open, rating, count(*) as n from r group by 1, 2),
    c as (select is_open, rating, n, sum(n) over (order by is_open desc, coalesce(rating, -1) desc) as upto from g),
    w as materialized (select * from c where upto - n < ${P.end}::int and upto > ${P.offset}::int)
    select city.slug as city_slug, city.name as city_name, city.lat as city_lat, city.lng as city_lng,
      (select coalesce(sum(n), 0) from g)::int as total, ${catalogVersionSql} as offers_version, p.*
    from city left join lateral (select r.rating::float8 as rank_rating, r.is_open as ranked_open,
        (w.upto - w.n)::int as before, ${flatCardSql(P.date as unknown as string, offersUnlessHeldSql(P.date as unknown as string, P.offersVersion))}
      from r join w on w.is_open = r.is_open and coalesce(w.rating, -1) = coalesce(r.rating, -1)
      join ${sites} on ${sites.id} = r.id join ${brands} on ${brands.id} = ${sites.brandId}) p on true`;
}

/** The city with the total, and a page row's rank and card columns (all null when the page is past the end). */
type Row = {
  city_slug: string;
  city_name: string;
  city_lat: number;
  city_lng: number;
  total: number;
  offers_version: string;
  rank_rating: number | null;
  ranked_open: boolean | null;
  before: number | null;
} & { [K in keyof FlatCardRow]: FlatCardRow[K] | null };

const ORDER: readonly SearchFilter[] = SEARCH_FILTERS;
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
  // Each branch's offers come from the texts held when the catalog is still at their version (held-offers.ts).
  const held = heldOffers(db, clock.date);
  const rows = await statementFor(filters)(db, {
    loc: typed.trim().toLowerCase(),
    offset,
    end: offset + limit,
    ...clock,
    offersVersion: held?.version ?? '',
  });
  const city = rows[0];
  if (!city) return null;
  const version = String(city.offers_version);
  if (held?.version !== version) catalogSeen(db, version, clock.date);
  const inPage = rows.filter((row): row is Row & FlatCardRow => row.id !== null);
  const start = inPage.length ? Math.min(...inPage.map((row) => Number(row.before))) : 0;
  const ranked = inPage.map((row) => ({
    row,
    isOpen: row.ranked_open ?? false,
    rating: row.rank_rating === null ? null : Number(row.rank_rating),
    brandName: row.brand_name,
    branchName: row.branch_name,
  }));
  ranked.sort(compareCityResults);
  // Each card as the validated answer writes it: toCard's keys are the contract's, in its order.
  const cards = ranked.slice(offset - start, offset + limit - start).map(({ row }) => {
    const card = cardRowOfFlat(row);
    card.offers = offersOfRow(held, version, card.id, card.offers);
    return JSON.stringify(toCard(card, now, null, null));
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

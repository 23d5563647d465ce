import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import { londonDate } from '../../../domain/halal-facts';
import { nextOpening } from '../../../domain/next-opening';
import { isOpenNow } from '../../../domain/open-now';
import { type OpeningHours, WEEKDAYS, londonClock } from '../../../domain/opening-hours';
import { type Offer, type OfferKind, headlineOffer, offerLabel } from '../../../domain/offers';
import { FAST_DELIVERY_MAX_MINUTES, type SearchFilter, TOP_RATED_MIN_RATING } from '../../../domain/search-filters';
import type { DbOrTx } from '../../db/client';
import { brands, sites } from '../../db/schema/index';
import { halalColumns, halalStatusSql, isVerifiedSql, lastVerifiedAtSql } from '../halal';

/**
 * The columns a card needs, and no more: search answers stay small. The halal status and last
 * verification are derived for `today` (a London date) from the certificates and the suspension
 * (halal-status-sql.ts): no stored status can disagree with the Halal details panel.
 */
export const cardColumns = (today: string) => ({
  id: sites.id,
  slug: sites.slug,
  brandId: sites.brandId,
  brandName: brands.name,
  logoUrl: brands.logoUrl,
  branchName: sites.name,
  city: sites.city,
  cuisines: sites.cuisines,
  ratingAvg: sites.ratingAvg,
  reviewCount: sites.reviewCount,
  etaMinMinutes: sites.etaMinMinutes,
  etaMaxMinutes: sites.etaMaxMinutes,
  busyExtraMinutes: sites.busyExtraMinutes,
  deliveryFeeMinor: sites.deliveryFeeMinor,
  minOrderMinor: sites.minOrderMinor,
  ...halalColumns(today),
  imageUrl: sites.imageUrl,
  isOpen: sites.isOpen,
  openingHours: sites.openingHours,
  pausedUntil: sites.pausedUntil,
  description: sites.description,
  address: sites.address,
  postcode: sites.postcode,
  phone: sites.phone,
  lat: sites.lat,
  lng: sites.lng,
  deliveryRadiusKm: sites.deliveryRadiusKm,
  offers: cardOffersSql(today),
});

// Qualified by hand: drizzle leaves a column of a one-table select unqualified, which inside the
// subquery would name the offer's own column.
const BRANCH_BRAND = sql.raw('"sites"."brand_id"');
const BRANCH_ID = sql.raw('"sites"."id"');

/**
 * One offer as the card's subquery answers it: id, location (null: the whole brand), kind, percent,
 * cap, amount, minimum spend, first and last day, weekdays, daily window, and the name of its one
 * dish (null unless it names exactly one, the only case the label names a dish).
 */
export type CardOfferJson = [
  string,
  string | null,
  OfferKind,
  number | null,
  number | null,
  number | null,
  number,
  string,
  string | null,
  Offer['days'],
  string | null,
  string | null,
  string | null,
];

/**
 * The offers of a branch that may run on `today` (a London date), for the card's badge
 * (docs/product/offers.md#where-customers-see-them; docs/decisions/0268-offer-badges-and-filter.md):
 * the brand's and the branch's own, not ended, whose dates include today. Which one runs at the
 * minute is judged in JS (headlineOffer), like Open Now. One index lookup per card (offers_brand_idx);
 * a branch without offers answers null. Answered as JSON text (both drivers read it alike), parsed
 * only when the badge is not already known for the same text at the same minute (cardOfferLabel).
 */
export function cardOffersSql(today: string) {
  return sql<string | null>`(select json_agg(json_build_array(o.id, o.site_id, o.kind, o.percent, o.cap_minor,
      o.amount_minor, o.min_spend_minor, o.starts_on, o.ends_on, o.days, o.from_time, o.until_time,
      case when jsonb_array_length(o.item_ids) = 1 then (select m.name from menu_items m where m.id = (o.item_ids ->> 0)::uuid) end))
    from offers o where ${cardOffersWhere(today)})::text`;
}

/** The offers cardOffersSql reads for the branch of the row: the brand's and the branch's own, not ended, dated today. */
function cardOffersWhere(today: string): SQL {
  return sql`o.brand_id = ${BRANCH_BRAND} and (o.site_id is null or o.site_id = ${BRANCH_ID})
      and o.ended_at is null and o.starts_on <= ${today}::date and (o.ends_on is null or o.ends_on >= ${today}::date)`;
}

/**
 * What cardOffersSql's text is made of at `today`, without building it: per offer it reads, its id and row
 * version (`xmin`), and the row version of the one dish it names (the text carries that dish's name).
 * The text is a function of those rows alone, so while the key read with `today` is the one a text was
 * read under with the same date, the text is the same: a write to an offer or to its named dish gives the
 * row a new version, an offer that starts or stops being read changes the list, and none gives ''
 * (docs/decisions/0285-offers-off-the-uncached-path.md; the menu's key of
 * docs/decisions/0281-restaurant-menu-text-by-row-versions.md is the same idea).
 */
export function cardOffersKeySql(today: string) {
  // The dish by its primary key, only for an offer naming one (a join here was planned as a hash of every dish).
  return sql<string>`(select coalesce(string_agg(o.id::text || '.' || o.xmin::text || case when jsonb_array_length(o.item_ids) = 1
        then coalesce('.' || (select m.xmin::text from menu_items m where m.id = (o.item_ids ->> 0)::uuid), '') else '' end, ','), '')
    from offers o where ${cardOffersWhere(today)})`;
}

/** The catalog's version (one row, by primary key), as the reads compare it with held offers (held-offers.ts). */
export const catalogVersionSql = sql<string>`(select version::text from catalog_version where id = 1)`;

/**
 * The offers column of a card read: null when `known` (the catalog version of the offers this process holds, ''
 * when none: held-offers.ts) is still the catalog's, else the branch's offers as cardOffersSql reads them
 * (docs/decisions/0285-offers-off-the-uncached-path.md).
 */
export function offersUnlessHeldSql(today: string, known: unknown): SQL<string | null> {
  return sql<string | null>`case when ${catalogVersionSql} = ${known}::text then null else ${cardOffersSql(today)} end`;
}

/** The card subquery's offers (its JSON text) as the domain reads them. */
export function offersOfCard(text: string | null, brandId: string): Offer[] {
  if (text === null) return [];
  return (JSON.parse(text) as CardOfferJson[]).map((r) => ({
    id: r[0],
    brandId,
    siteId: r[1],
    kind: r[2],
    percent: r[3],
    capMinor: r[4],
    amountMinor: r[5],
    minSpendMinor: Number(r[6]),
    itemIds: [],
    itemNames: r[12] === null ? [] : [r[12]],
    startsOn: r[7],
    endsOn: r[8],
    days: r[9] ?? [],
    from: r[10],
    until: r[11],
    endedAt: null,
  }));
}

/**
 * The badges already worked out at one London minute, by the card subquery's JSON text. The badge is
 * a function of that text and of the London date, weekday and minute alone (isOfferLive reads no
 * more, and a card's offers are never ended: the subquery leaves ended ones out), so a page of cards,
 * the next search's and the "Offers" chip on the embedded database's snapshot parse and judge each
 * branch's offers once a minute instead of once a card: parsing and judging them was most of what
 * an offer on every card cost the search (docs/decisions/0279-card-offer-badges-by-minute.md).
 * Dropped whole at the next minute, and when it holds BADGE_MEMO_MAX texts.
 *
 * The minute is named by the UTC minute, read from the instant without the time zone: London is
 * UTC or UTC+1 hour, so its date, weekday and minute change only when the UTC minute does, and two
 * instants of one UTC minute share them. Formatting the London date for it cost every request with
 * an offer one Intl call, a restaurant page's largest offer cost in JS
 * (docs/decisions/0285-offers-off-the-uncached-path.md).
 */
const BADGE_MEMO_MAX = 5_000;
const MINUTE_MS = 60_000;
let badgeMinute = Number.NaN;
let badges = new Map<string, string | null>();

/** The badge a card shows at `now`: the headline offer's label, or null (domain/offers.ts headlineOffer). */
export function cardOfferLabel(text: string | null, now: Date): string | null {
  if (text === null) return null;
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  if (minute !== badgeMinute || badges.size >= BADGE_MEMO_MAX) {
    badgeMinute = minute;
    badges = new Map();
  }
  let label = badges.get(text);
  if (label === undefined) {
    // The brand is not part of the badge: headlineOffer and offerLabel never read it.
    const offer = headlineOffer(offersOfCard(text, ''), now);
    label = offer ? offerLabel(offer) : null;
    badges.set(text, label);
  }
  return label;
}

/** Branches joined to their brands; callers add the where clause (always status active). */
export function selectCardRows(db: DbOrTx, today: string) {
  return db.select(cardColumns(today)).from(sites).innerJoin(brands, eq(brands.id, sites.brandId));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCardRows>['execute']>>[number];

/**
 * "Open Now" (domain/open-now.ts isOpenNow with isWithinOpeningHours) in SQL, for the London
 * weekday and minute of `at` computed once in JS: the switch is on, no pause runs past `at`
 * (compared at the millisecond, as JS reads it), and the minute is inside today's hours, or inside
 * yesterday's when they ran past midnight (a close at or before the open). Today's and
 * yesterday's hours are taken apart once per branch in a lateral subquery (`offset 0` keeps the
 * planner from inlining, and so repeating, it): parsing them in every comparison cost more than
 * the search itself. Times are HH:MM by contract (TIME_OF_DAY), read as `time` values, which
 * order as minutesOf's numbers do.
 */
export function openNowParts(at: Date | ClockSql) {
  const c = at instanceof Date ? clockSql(at) : at;
  const on = (day: string) =>
    sql.raw(`(jsonb_typeof(${day}) = 'object' and coalesce(${day} -> 'closed', 'false'::jsonb) <> 'true'::jsonb)`);
  const join = sql`(select ${on('t')} as t_on, (t ->> 'open')::time as t_open, (t ->> 'close')::time as t_close,
      ${on('y')} as y_on, (y ->> 'open')::time as y_open, (y ->> 'close')::time as y_close
    from (select ${sites.openingHours} -> ${c.weekday}::text as t, ${sites.openingHours} -> ${c.yesterday}::text as y offset 0) d offset 0) open_hours`;
  const open = sql<boolean>`coalesce(${sites.isOpen} and (${sites.pausedUntil} is null or date_trunc('milliseconds', ${sites.pausedUntil}) <= ${c.at}::timestamptz) and (
    (open_hours.t_on and (case when open_hours.t_close > open_hours.t_open then ${c.minute}::time >= open_hours.t_open and ${c.minute}::time < open_hours.t_close else ${c.minute}::time >= open_hours.t_open end))
    or (open_hours.y_on and open_hours.y_close <= open_hours.y_open and ${c.minute}::time < open_hours.y_close)), false)`;
  return { join, open };
}

/**
 * The London clock of an instant as the SQL of the reads needs it: today's and yesterday's
 * weekday keys, the HH:MM minute, the instant (ISO) and the London date. Values of one request,
 * or placeholders of a prepared statement (city-page-json.ts) filled with clockValues.
 */
export type ClockSql = { weekday: unknown; yesterday: unknown; minute: unknown; at: unknown; date: unknown };

export function clockValues(at: Date) {
  const { today, now } = londonClock(at);
  return {
    weekday: today,
    yesterday: WEEKDAYS[(WEEKDAYS.indexOf(today) + 6) % 7],
    minute: `${String(Math.floor(now / 60)).padStart(2, '0')}:${String(now % 60).padStart(2, '0')}`,
    at: at.toISOString(),
    date: londonDate(at),
  };
}

const clockSql = (at: Date): ClockSql => clockValues(at);

/** The rating a card shows: the stored average when there are reviews, else none. */
export const ratingSql = sql<string | null>`case when ${sites.reviewCount} > 0 then ${sites.ratingAvg} end`;

/** One filter chip as a SQL condition (domain/search-filters.ts matchesFilter). */
export function filterSql(f: SearchFilter, open: SQL<boolean>, clock: ClockSql): SQL {
  const today = clock.date as string;
  switch (f) {
    case 'verified':
      return isVerifiedSql(today);
    case 'fast':
      return sql`${sites.etaMaxMinutes} + ${sites.busyExtraMinutes} <= ${FAST_DELIVERY_MAX_MINUTES}`;
    case 'free':
      return sql`${sites.deliveryFeeMinor} = 0`;
    case 'top':
      return sql`${sites.reviewCount} > 0 and ${sites.ratingAvg} >= ${TOP_RATED_MIN_RATING}`;
    case 'open':
      return open;
    case 'offers':
      return liveOfferSql(clock);
    default: {
      const never: never = f;
      throw new Error(`Unknown filter ${String(never)}`);
    }
  }
}

/**
 * The "Offers" chip (docs/product/customer.md#filters): some offer of the branch runs at the clock's
 * minute, by isOfferLive's rules (domain/offers.ts) in SQL: not ended, today within its dates, today
 * among its weekdays (every day when none), and the minute inside its daily window when it has one
 * (a window past midnight runs from its start to its end the next day).
 */
export function liveOfferSql(c: ClockSql): SQL {
  return sql`exists (select 1 from offers o where o.brand_id = ${BRANCH_BRAND} and (o.site_id is null or o.site_id = ${BRANCH_ID})
      and o.ended_at is null and o.starts_on <= ${c.date}::date and (o.ends_on is null or o.ends_on >= ${c.date}::date)
      and (jsonb_array_length(o.days) = 0 or o.days @> jsonb_build_array(${c.weekday}::text))
      and (o.from_time is null or o.until_time is null or case when o.from_time::time < o.until_time::time
        then ${c.minute}::time >= o.from_time::time and ${c.minute}::time < o.until_time::time
        else ${c.minute}::time >= o.from_time::time or ${c.minute}::time < o.until_time::time end))`;
}

/**
 * A search's first read: the branches of the where clause that pass the filter chips, judged in
 * SQL by the domain's rules (search-filters.ts: Verified Halal by the derived status, i.e. a
 * current approved certificate and no suspension, the shown ETA, the fee,
 * the shown rating, Open Now), each as a small row: what the order needs, the cuisines only when a
 * cuisine is chosen (matched in JS, domain's matchesCuisine), the position only for a postcode.
 * At 500 branches a city, reading opening hours and cuisines of every branch into JS cost more
 * than the rest of the search (docs/decisions/0093-search-in-sql.md).
 */
export function selectRankRows(
  db: DbOrTx,
  where: SQL | undefined,
  at: Date,
  filters: readonly SearchFilter[],
  opts: { cuisines: boolean; position: boolean; names: boolean; order: boolean; sortKeys?: boolean },
) {
  const { join, open } = openNowParts(at);
  const conditions: (SQL | undefined)[] = [where];
  const clock = clockSql(at);
  for (const f of filters) conditions.push(filterSql(f, open, clock));
  const query = db
    .select({
      id: sites.id,
      slug: sites.slug,
      // Only a city's name order needs the brand: a postcode orders by distance, and a city's page
      // joins its brands for the page's rows alone (find-branches.ts cityPageQuery).
      brandName: opts.names ? brands.name : sql<null>`null`,
      brandId: sites.brandId,
      branchName: sites.name,
      // A city orders by open or not and the rating; a postcode by distance alone, so it reads
      // neither (the page's cards judge them) and parses no opening hours unless "Open Now" asks.
      rating: opts.order ? ratingSql : sql<null>`null`,
      isOpen: opts.order ? open : sql<null>`null::boolean`,
      cuisines: opts.cuisines ? sites.cuisines : sql<null>`null`,
      lat: opts.position ? sites.lat : sql<null>`null`,
      lng: opts.position ? sites.lng : sql<null>`null`,
      deliveryRadiusKm: opts.position ? sites.deliveryRadiusKm : sql<null>`null`,
      // The keys of the explicit sorts (domain/search-order.ts searchComparator), as the card shows them.
      reviewCount: opts.sortKeys ? sites.reviewCount : sql<null>`null::int`,
      deliveryFeeMinor: opts.sortKeys ? sites.deliveryFeeMinor : sql<null>`null::int`,
      etaMinMinutes: opts.sortKeys
        ? sql<number>`${sites.etaMinMinutes} + ${sites.busyExtraMinutes}`
        : sql<null>`null::int`,
      etaMaxMinutes: opts.sortKeys
        ? sql<number>`${sites.etaMaxMinutes} + ${sites.busyExtraMinutes}`
        : sql<null>`null::int`,
    })
    .from(sites)
    .$dynamic();
  const named = opts.names ? query.innerJoin(brands, eq(brands.id, sites.brandId)) : query;
  const timed = opts.order || filters.includes('open') ? named.crossJoinLateral(join) : named;
  return timed.where(and(...conditions));
}

export type RankRow = Awaited<ReturnType<ReturnType<typeof selectRankRows>['execute']>>[number];

/**
 * The full card rows of one page of branches, by primary key. The brand's two columns are read by
 * its primary key for each row: a join let the planner hash every brand for a page of 50 branches
 * (docs/decisions/0093-search-in-sql.md).
 */
export function cardRowsByIds(db: DbOrTx, ids: string[], today: string, heldVersion?: string) {
  const ofBrand = <T>(column: typeof brands.name | typeof brands.logoUrl) =>
    sql<T>`(select ${column} from ${brands} where ${brands.id} = ${sites.brandId})`;
  return db
    .select({
      ...cardColumns(today),
      brandName: ofBrand<string>(brands.name),
      logoUrl: ofBrand<string | null>(brands.logoUrl),
      // With `heldVersion` (held-offers.ts), the offers are read only when the catalog moved past it.
      ...(heldVersion === undefined ? {} : { offers: offersUnlessHeldSql(today, heldVersion) }),
      offersVersion: catalogVersionSql,
    })
    .from(sites)
    .where(inArray(sites.id, ids));
}

/**
 * A row as a card, judged open or closed at `now`; `distanceKm` is rounded to one decimal;
 * `deliversHere` answers for the customer's known postcode (null when none is known).
 */
export function toCard(
  row: CardRow,
  now: Date,
  distanceKm: number | null = null,
  deliversHere: boolean | null = null,
): RestaurantCard {
  const isOpen = isOpenNow(row, now);
  return {
    id: row.id,
    slug: row.slug,
    brandId: row.brandId,
    brandName: row.brandName,
    branchName: row.branchName,
    city: row.city,
    cuisines: row.cuisines,
    // The stored average is kept with the count in one transaction; no reviews means no rating.
    rating: row.reviewCount > 0 && row.ratingAvg !== null ? Number(row.ratingAvg) : null,
    reviewCount: row.reviewCount,
    etaMinMinutes: row.etaMinMinutes + row.busyExtraMinutes,
    etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
    deliveryFeeMinor: row.deliveryFeeMinor,
    minOrderMinor: row.minOrderMinor,
    halalStatus: row.halalStatus,
    lastVerifiedAt: row.lastVerifiedAt ? row.lastVerifiedAt.toISOString() : null,
    imageUrl: row.imageUrl,
    logoUrl: row.logoUrl,
    isOpen,
    nextOpening: isOpen ? null : nextOpening(row, now),
    deliversHere,
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    deliveryRadiusKm: row.deliveryRadiusKm,
    offerLabel: cardOfferLabel(row.offers, now),
  };
}

/** A timestamp as epoch milliseconds, truncated as JS reads a timestamp. */
export const epochMs = (value: SQL) =>
  sql`round(extract(epoch from date_trunc('milliseconds', ${value})) * 1000)::float8`;

/**
 * The card's columns as a prepared statement's select list (restaurant_page, city_page_json), in types both drivers
 * read alike: the rating as its numeric text, timestamps as epoch milliseconds (docs/decisions/0178-fast-uncached-search.md).
 * `today` is the London date (a placeholder); `offers` the offers' column (cardOffersSql unless the caller
 * reads it only when its key changed). cardRowOfFlat turns a row into the CardRow that toCard takes.
 */
export function flatCardSql(today: string, offers: SQL = cardOffersSql(today)): SQL {
  return sql`${flatCardFieldsSql(today)}, ${offers} as offers`;
}

/**
 * flatCardSql's columns but the offers: what a card's text is made of that depends on the branch's and its brand's
 * rows alone (and the London date of its halal status), for a search that reuses that text while their row versions
 * hold (city-page-json.ts, docs/decisions/0290-search-pages-batched.md).
 */
export function flatCardFieldsSql(today: string): SQL {
  return sql`${sites.id} as id, ${sites.slug} as slug, ${sites.brandId} as brand_id, ${brands.name} as brand_name,
      ${brands.logoUrl} as logo_url, ${sites.name} as branch_name, ${sites.city} as city, ${sites.cuisines} as cuisines,
      ${sites.ratingAvg}::text as rating_avg, ${sites.reviewCount} as review_count,
      ${sites.etaMinMinutes} as eta_min, ${sites.etaMaxMinutes} as eta_max, ${sites.busyExtraMinutes} as busy_extra,
      ${sites.deliveryFeeMinor} as delivery_fee, ${sites.minOrderMinor} as min_order,
      ${halalStatusSql(today)} as halal_status, ${epochMs(lastVerifiedAtSql())} as last_verified_at,
      ${sites.imageUrl} as image_url, ${sites.isOpen} as switch_on, ${sites.openingHours} as opening_hours,
      ${epochMs(sql`${sites.pausedUntil}`)} as paused_until, ${sites.description} as description,
      ${sites.address} as address, ${sites.postcode} as postcode, ${sites.phone} as phone, ${sites.lat} as lat,
      ${sites.lng} as lng, ${sites.deliveryRadiusKm} as radius`;
}

/** A row of flatCardSql's columns. */
export type FlatCardRow = {
  id: string;
  slug: string;
  brand_id: string;
  brand_name: string;
  logo_url: string | null;
  branch_name: string;
  city: string;
  cuisines: string[];
  rating_avg: string | null;
  review_count: number;
  eta_min: number;
  eta_max: number;
  busy_extra: number;
  delivery_fee: number;
  min_order: number;
  halal_status: CardRow['halalStatus'];
  last_verified_at: number | null;
  image_url: string | null;
  switch_on: boolean;
  opening_hours: OpeningHours;
  paused_until: number | null;
  description: string | null;
  address: string;
  postcode: string | null;
  phone: string | null;
  lat: number | null;
  lng: number | null;
  radius: number;
  /**
   * The card's offers as JSON text: parsed only for the rows a page writes, and then once a minute
   * for the same text (cardOfferLabel), not for every row of the rating groups a city's page reads
   * (docs/decisions/0268-offer-badges-and-filter.md).
   */
  offers: string | null;
};

const instant = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

/** flatCardSql's row as the row the builders read (selectCardRows). */
export function cardRowOfFlat(row: FlatCardRow): CardRow {
  return {
    id: row.id,
    slug: row.slug,
    brandId: row.brand_id,
    brandName: row.brand_name,
    logoUrl: row.logo_url,
    branchName: row.branch_name,
    city: row.city,
    cuisines: row.cuisines,
    ratingAvg: row.rating_avg === null ? null : Number(row.rating_avg),
    reviewCount: Number(row.review_count),
    etaMinMinutes: Number(row.eta_min),
    etaMaxMinutes: Number(row.eta_max),
    busyExtraMinutes: Number(row.busy_extra),
    deliveryFeeMinor: Number(row.delivery_fee),
    minOrderMinor: Number(row.min_order),
    halalStatus: row.halal_status,
    lastVerifiedAt: instant(row.last_verified_at),
    imageUrl: row.image_url,
    isOpen: row.switch_on,
    openingHours: row.opening_hours,
    pausedUntil: instant(row.paused_until),
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: row.phone,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    deliveryRadiusKm: Number(row.radius),
    offers: row.offers,
  };
}

import { type SQL, and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { compareCityResults } from '../../../domain/search-order';
import { SEARCH_FILTERS, type SearchFilter } from '../../../domain/search-filters';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, cities, sites } from '../../db/schema/index';
import { nextOpening } from '../../../domain/next-opening';
import { isOpenNow } from '../../../domain/open-now';
import {
  type CardRow,
  type ClockSql,
  type FlatCardRow,
  cardOfferLabel,
  cardRowOfFlat,
  catalogVersionSql,
  clockValues,
  filterSql,
  flatCardFieldsSql,
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
 * answers the card columns of the rows of the groups that overlap the page (flatCardSql), each request's answer as
 * two JSON texts (docs/decisions/0294-city-page-rows-as-json.md). JS orders
 * them by name (the en-GB collator) and writes each card with toCard and JSON.stringify, whose keys
 * are the contract's in its order: building the card text in SQL cost the database more than the
 * whole card costs JS (docs/decisions/0248-uncached-path-cpu.md). search-sql.test.ts proves the text
 * equal, character for character, to the contract-validated answer of searchRestaurants.
 *
 * The pages asked in one turn of the event loop share one statement, each request its own rows for its own clock, and
 * a card's text is reused while the statement reports its branch's and brand's row versions unchanged; the clock's
 * fields (isOpen, nextOpening, the offer badge) are judged for every request (docs/decisions/0290-search-pages-batched.md;
 * city-page-batch.test.ts).
 */

const qb = new QueryBuilder();

/** Where the statement takes one request's values from: the batch's record (`q`), as typed SQL. */
type Values = { loc: SQL; offset: SQL; end: SQL; known: SQL; offersVersion: SQL; clock: ClockSql };

const FROM_BATCH: Values = {
  loc: sql`q.loc`,
  offset: sql`q.off`,
  end: sql`q.stop`,
  known: sql`known.texts`,
  /** The catalog version of the offers texts the process holds ('' when none): held-offers.ts. */
  offersVersion: sql`q.ov`,
  clock: {
    weekday: sql`q.weekday`,
    yesterday: sql`q.yesterday`,
    minute: sql`q.minute`,
    at: sql`q.at`,
    date: sql`q.today`,
  },
};

/**
 * One request's page, one row of two JSON texts (Row): the city, its total and the catalog version; the page rows'
 * ranks, card keys, offers and card columns (docs/decisions/0294-city-page-rows-as-json.md). A row's
 * card key is its branch's and its brand's row versions (`xmin`: the transaction that wrote the row version) and the
 * London date; its card columns are read only when the batch's `known` (branch id → card key) holds another key for
 * it: the caller holds that card's text (docs/decisions/0290-search-pages-batched.md). The offers are read on every
 * row unless the process holds every branch's offers texts at the catalog's version, which the statement reads in
 * its own snapshot (offersUnlessHeldSql, docs/decisions/0285-offers-off-the-uncached-path.md).
 */
function statement(filters: readonly SearchFilter[], v: Values): SQL {
  const CLOCK = v.clock;
  const today = CLOCK.date as string;
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
      from ${cities} where ${cities.slug} = ${v.loc}::text or lower(${cities.name}) = ${v.loc}::text limit 1),
    r(id, rating, is_open) as (${rank.getSQL()}),
    g as (select is_open, rating, count(*) as n from r group by 1, 2),
    c as (select is_open, rating, n, sum(n) over (order by is_open desc, coalesce(rating, -1) desc) as upto from g),
    w as materialized (select * from c where upto - n < ${v.end}::int and upto > ${v.offset}::int)
    select json_build_array(city.slug, city.name, city.lat, city.lng, (select coalesce(sum(n), 0) from g)::int,
        ${catalogVersionSql})::text as head,
      (select json_agg(json_build_array(r.id, r.rating::float8, r.is_open, (w.upto - w.n)::int, k.key,
          ${offersUnlessHeldSql(today, v.offersVersion)},
          case when k.key is distinct from (${v.known} ->> ${sites.id}::text)
            then (select to_json(f) from (select ${flatCardFieldsSql(today)}) f) end))
        from r join w on w.is_open = r.is_open and coalesce(w.rating, -1) = coalesce(r.rating, -1)
        join ${sites} on ${sites.id} = r.id join ${brands} on ${brands.id} = ${sites.brandId}
        cross join lateral (select ${sites}.xmin::text || ' ' || ${brands}.xmin::text || ' ' || ${today}::text as key offset 0) k
      )::text as rows
    from city`;
}

/**
 * The pages of several requests with the same chips in one statement: `batch` is a JSON array of one record per
 * request (its number, the typed place, the page's bounds and its own London clock), and each request's row is
 * statement's for its values, numbered `request`; `known` is a JSON object of the card keys whose texts the caller
 * holds. A request whose place names no city answers no row. `known` is read once (`offset 0`: not copied into
 * every use).
 */
function batchStatement(filters: readonly SearchFilter[]): SQL {
  return sql`select q.n as request, a.* from (select ${sql.placeholder('known')}::jsonb as texts offset 0) known
    cross join json_to_recordset(${sql.placeholder('batch')}::json)
      as q(n int, loc text, off int, stop int, weekday text, yesterday text, minute text, at text, today text, ov text)
    cross join lateral (${statement(filters, FROM_BATCH)}) a`;
}

/**
 * One request's answer from the database, as two JSON texts: `head`, the city (slug, name, lat, lng), its total and
 * the catalog version; `rows`, the page rows (null past the end), each `PageRow`. Two texts, not a column per field:
 * reading about 45 columns a row, most of them null, cost both threads more than building and parsing the JSON
 * (docs/decisions/0294-city-page-rows-as-json.md).
 */
type Row = { request: number; head: string; rows: string | null };
type Head = [slug: string, name: string, lat: number, lng: number, total: number, offersVersion: string];
/**
 * A page row: the branch id, its rating and open state as ranked, the number of rows ranked before its group, its
 * card key, its offers (null while the process holds them) and its card columns (null when the caller holds the
 * card's text for that key).
 */
type PageRow = [
  id: string,
  rating: number | null,
  isOpen: boolean,
  before: number,
  key: string,
  offers: string | null,
  card: Omit<FlatCardRow, 'offers'> | null,
];

const ORDER: readonly SearchFilter[] = SEARCH_FILTERS;
const statements = new Map<string, ReturnType<typeof preparedStatement<Row>>>();

function statementFor(chosen: readonly SearchFilter[]) {
  const name = `city_pages_json${chosen.map((f) => `_${f}`).join('')}`;
  let run = statements.get(name);
  if (!run) {
    run = preparedStatement<Row>(name, () => batchStatement(chosen), { prepareOnPglite: true });
    statements.set(name, run);
  }
  return run;
}

/**
 * A card's text as the answer writes it, cut round its clock-dependent fields: `head` up to "isOpen", `tail` from
 * "deliversHere" to "offerLabel" (both without them), with the row it was written from (its opening hours, switch and
 * pause judge "isOpen" and "nextOpening") and `key`, the row versions and London date it holds for.
 */
type CardText = { key: string; row: CardRow; head: string; tail: string };

const IS_OPEN = ',"isOpen":';
const DELIVERS_HERE = ',"deliversHere":';
const OFFER_LABEL = ',"offerLabel":';

/** The card's text cut for reuse (toCard's keys: isOpen and nextOpening, then deliversHere, …, offerLabel last). */
function cutCard(key: string, row: CardRow, text: string): CardText | null {
  // A quote inside a string value is escaped, so the first `,"name":` is the key's.
  const open = text.indexOf(IS_OPEN);
  const here = text.indexOf(DELIVERS_HERE);
  const label = text.indexOf(OFFER_LABEL);
  if (open < 0 || here < open || label < here) return null;
  return { key, row, head: text.slice(0, open), tail: text.slice(here, label) };
}

/** The card's text at `now` from its kept parts: isOpen, nextOpening and the offer badge judged as toCard does. */
function cardAt(kept: CardText, offers: string | null, now: Date): string {
  const isOpen = isOpenNow(kept.row, now);
  const next = isOpen ? null : nextOpening(kept.row, now);
  const label = cardOfferLabel(offers, now);
  return `${kept.head}${IS_OPEN}${isOpen},"nextOpening":${next === null ? 'null' : JSON.stringify(next)}${kept.tail}${OFFER_LABEL}${label === null ? 'null' : JSON.stringify(label)}}`;
}

/** Cards kept at most (per database), and pages whose card ids are remembered; the oldest go first. */
const MAX_CARDS = 2_000;
const MAX_PAGES = 1_000;

/**
 * The cards' texts this process last wrote for a database's city pages, by branch id, and the branch ids of each page
 * last answered (by chips, place and bounds): the keys a batch offers the statement. Not a cache of answers: every
 * request still ranks its branches, reads its page's rows, their row versions and offers, and judges the clock; only
 * the text of a card is reused, and only while the database reports, in that request's statement, the very row
 * versions it was written from.
 */
function createCardTexts() {
  const cards = new Map<string, CardText>();
  const pages = new Map<string, string[]>();
  const stats = { reused: 0, written: 0 };
  const bounded = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(key, value);
  };
  return {
    stats,
    keep: (id: string, text: CardText) => bounded(cards, id, text, MAX_CARDS),
    rememberPage: (page: string, ids: string[]) => bounded(pages, page, ids, MAX_PAGES),
    /** The cards held for the batch's pages, valid on each ask's London date: id → text. */
    offered(asks: readonly { page: string; today: string }[]): Map<string, CardText> {
      const out = new Map<string, CardText>();
      for (const { page, today } of asks) {
        for (const id of pages.get(page) ?? []) {
          const kept = cards.get(id);
          if (kept && !out.has(id) && kept.key.endsWith(` ${today}`)) out.set(id, kept);
        }
      }
      return out;
    },
  };
}
type CardTexts = ReturnType<typeof createCardTexts>;

/** One request's values, as batchStatement's record names them. */
type PageAsk = {
  loc: string;
  off: number;
  stop: number;
  weekday: string;
  yesterday: string;
  minute: string;
  at: string;
  today: string;
  /** The catalog version of the offers texts held for `today` ('' when none). */
  ov: string;
};
/** A request's answer, with the card texts its statement was offered (the ones a row without card columns reuses). */
type PageRead = { row: Row | undefined; offered: ReadonlyMap<string, CardText> };
type Waiting = { ask: PageAsk; page: string; resolve: (read: PageRead) => void; reject: (err: unknown) => void };

/**
 * The most pages one statement reads; more waiting go in further statements, queued on the connection at once. Eight,
 * not 64: with one statement for every page waiting, the database worked while the request thread waited and the other
 * way round; with several smaller statements in flight, the request thread writes one statement's answers while the
 * database computes the next (docs/decisions/0292-city-page-statements-in-flight.md).
 */
const MAX_BATCH = 8;

/**
 * Page reads gathered per turn of the event loop, per database and set of chips, as the restaurant page's are
 * (docs/decisions/0281-restaurant-menu-text-by-row-versions.md): the first read asked schedules the statements with
 * setImmediate, and every read asked before they run joins one. Each request still gets its own rows, computed for
 * its own clock after it arrived: nothing is shared between requests, even two of the same page.
 */
function pageBatcher(db: Db, texts: CardTexts) {
  let waiting = new Map<string, Waiting[]>();
  const run = async (chosen: readonly SearchFilter[], batch: Waiting[]) => {
    try {
      const offered = texts.offered(batch.map((w) => ({ page: w.page, today: w.ask.today })));
      const known: Record<string, string> = {};
      for (const [id, kept] of offered) known[id] = kept.key;
      const rows = await statementFor(chosen)(db, {
        known: JSON.stringify(known),
        batch: JSON.stringify(batch.map((w, n) => ({ n, ...w.ask }))),
      });
      const byRequest: (Row | undefined)[] = batch.map(() => undefined);
      for (const row of rows) byRequest[Number(row.request)] = row;
      batch.forEach((w, n) => w.resolve({ row: byRequest[n], offered }));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  const flush = () => {
    const all = waiting;
    waiting = new Map();
    for (const [names, asks] of all) {
      const chosen = names ? (names.split(',') as SearchFilter[]) : [];
      for (let i = 0; i < asks.length; i += MAX_BATCH) void run(chosen, asks.slice(i, i + MAX_BATCH));
    }
  };
  return (chosen: readonly SearchFilter[], page: string, ask: PageAsk) =>
    new Promise<PageRead>((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const names = chosen.join(',');
      let list = waiting.get(names);
      if (!list) waiting.set(names, (list = []));
      list.push({ ask, page, resolve, reject });
    });
}

/** Per database: its batcher and the card texts kept from its rows. */
const perDb = new WeakMap<Db, { read: ReturnType<typeof pageBatcher>; texts: CardTexts }>();
function forDb(db: Db) {
  let found = perDb.get(db);
  if (!found) {
    const texts = createCardTexts();
    perDb.set(db, (found = { read: pageBatcher(db, texts), texts }));
  }
  return found;
}

/** How many card texts the city pages of `db` reused and wrote (for tests). */
export function cardTextStats(db: Db): { reused: number; written: number } {
  return { ...forDb(db).texts.stats };
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
  const loc = typed.trim().toLowerCase();
  // No city's name holds a NUL or a lone surrogate, and the batch's JSON could not carry them to text: such a place
  // is left to resolveLocation, as a place naming no city is.
  if (/[\0\p{Cs}]/u.test(loc)) return null;
  const { weekday, yesterday, minute, at, date } = clockValues(now);
  const chosen = ORDER.filter((f) => filters.includes(f));
  const { read, texts } = forDb(db);
  const page = JSON.stringify([chosen, loc, offset, limit]);
  // Each branch's offers come from the texts held while the catalog is still at their version (held-offers.ts).
  const held = heldOffers(db, date);
  const { row: answer, offered } = await read(chosen, page, {
    loc,
    off: offset,
    stop: offset + limit,
    weekday,
    yesterday,
    minute,
    at,
    today: date,
    ov: held?.version ?? '',
  });
  if (!answer) return null;
  const [citySlug, cityName, cityLat, cityLng, total, version] = JSON.parse(answer.head) as Head;
  if (held?.version !== version) catalogSeen(db, version, date);
  const inPage = answer.rows === null ? [] : (JSON.parse(answer.rows) as PageRow[]);
  const start = inPage.length ? Math.min(...inPage.map((row) => row[3])) : 0;
  const ranked = inPage.map((row) => {
    const [id, rating, isOpen, , key, , card] = row;
    // Without card columns the statement confirmed the offered text's row versions: its names are the row's.
    const kept = card === null ? offered.get(id) : undefined;
    if (card === null && kept?.key !== key) throw new Error(`No card text for ${id}`);
    return {
      row,
      kept,
      isOpen,
      rating,
      brandName: kept ? kept.row.brandName : card!.brand_name,
      branchName: kept ? kept.row.branchName : card!.branch_name,
    };
  });
  ranked.sort(compareCityResults);
  // Each card as the validated answer writes it: toCard's keys are the contract's, in its order.
  const shown = ranked.slice(offset - start, offset + limit - start);
  const cards = shown.map(({ row: [id, , , , key, rowOffers, card], kept }) => {
    const offers = offersOfRow(held, version, id, rowOffers);
    if (kept) {
      texts.stats.reused += 1;
      return cardAt(kept, offers, now);
    }
    const full = cardRowOfFlat({ ...card!, offers });
    const text = JSON.stringify(toCard(full, now, null, null));
    const cut = cutCard(key, full, text);
    if (cut) texts.keep(id, cut);
    texts.stats.written += 1;
    return text;
  });
  texts.rememberPage(
    page,
    shown.map(({ row }) => row[0]),
  );
  const location = describeLocation({
    kind: 'city',
    citySlug,
    label: cityName,
    lat: Number(cityLat),
    lng: Number(cityLng),
  });
  return `{"location":${JSON.stringify(location)},"deliverTo":null,"total":${Number(total)},"restaurants":[${cards.join(',')}]}`;
}

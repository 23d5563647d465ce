import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { MenuSection, RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { WEEKDAYS } from '../../../domain/opening-hours';
import type { Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, menuItems, menuSections, menus, siteItemOverrides, sites } from '../../db/schema/index';
import {
  type CardRow,
  type FlatCardRow,
  cardColumns,
  cardOffersKeySql,
  cardOffersSql,
  cardRowOfFlat,
  flatCardSql,
  toCard,
} from './card-rows';
import { type BranchMenuRow, groupMenu, loadBranchMenu } from './load-menu';
import { listedSite } from './find-branches';

/** An active branch by slug with its brand's description and menu id (all unique-index lookups). */
export function branchBySlugQuery(db: DbOrTx, slug: string, today: string) {
  return db
    .select({ ...cardColumns(today), brandDescription: brands.description, menuId: menus.id })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .leftJoin(menus, eq(menus.brandId, sites.brandId))
    .where(and(eq(sites.slug, slug), listedSite()))
    .limit(1);
}

// The placeholders of the page's one prepared statement.
const SLUG = sql.placeholder('slug');
const TODAY = sql.placeholder('today') as unknown as string;
const KNOWN = sql.placeholder('known');
const KNOWN_OFFERS = sql.placeholder('knownOffers');

/**
 * What the branch's menu is made of, as text: the menu's and the branch's ids, then the row versions (`xmin`, the
 * transaction that wrote each row version) of every item and section of the menu and of every override of the branch,
 * available or not. Any committed insert, update or delete of one of those rows changes it: a new row version carries
 * the id of a transaction that had not committed when the older text was read, and a delete shortens a list
 * (docs/decisions/0281-restaurant-menu-text-by-row-versions.md). Cheaper than the menu itself: no join, no JSON.
 */
function menuKeySql(): SQL {
  const versions = (table: string, where: SQL) =>
    sql`coalesce((select string_agg(v.xmin::text, ',') from ${sql.raw(table)} v where ${where}), '')`;
  return sql`${menus.id}::text || ' ' || ${sites.id}::text
      || ' i' || ${versions('menu_items', sql`v.menu_id = ${menus.id}`)}
      || ' s' || ${versions('menu_sections', sql`v.menu_id = ${menus.id}`)}
      || ' o' || ${versions('site_item_overrides', sql`v.site_id = ${sites.id}`)}`;
}

/**
 * The page in one statement (docs/decisions/0178-fast-uncached-search.md): the branch's card
 * columns, its brand's description and its menu rows as one JSON array, each row the object
 * branchMenuQuery (load-menu.ts) answers, with the same keys in the same order, in its order. Values
 * come as types both drivers read alike: the rating as its numeric text, timestamps as epoch
 * milliseconds. The clock-dependent fields are judged in JS (toCard).
 *
 * `known` is the menu key (menuKeySql) of a menu text the caller holds: when the branch's menu still has that key,
 * the menu rows are not read (`menu_same`, `menu` null) and the caller uses its text; otherwise `menu` is the rows
 * (an empty array when nothing is available) and `menu_key` the key they were read under, in the same snapshot.
 * `knownOffers` is likewise the offers' key (card-rows.ts cardOffersKeySql) of an offers text the caller holds for
 * the same London date: when it still holds, `offers_same` is true and `offers` null, else `offers` is the branch's
 * offers (cardOffersSql) and `offers_key` their key (docs/decisions/0285-offers-off-the-uncached-path.md).
 */
function pageStatement(
  slug: SQL = sql`${SLUG}::text`,
  today = TODAY,
  known: SQL = sql`${KNOWN}::text`,
  knownOffers: SQL = sql`${KNOWN_OFFERS}::text`,
): SQL {
  const menuRows = sql`(select json_agg(json_build_object(
      'sectionId', ${menuSections.id}, 'sectionTitle', ${menuSections.title}, 'sectionSort', ${menuSections.sortOrder},
      'id', ${menuItems.id}, 'name', ${menuItems.name},
      'description', coalesce(${siteItemOverrides.description}, ${menuItems.description}),
      'priceMinor', coalesce(${siteItemOverrides.priceMinor}, ${menuItems.priceMinor}),
      'imageUrl', ${menuItems.imageUrl}, 'category', ${menuItems.category}, 'isVegetarian', ${menuItems.isVegetarian},
      'isVegan', ${menuItems.isVegan}, 'isSpicy', ${menuItems.isSpicy}, 'allergens', ${menuItems.allergens},
      'sortOrder', ${menuItems.sortOrder}, 'optionGroups', ${menuItems.optionGroups},
      'unavailableOptionIds', ${siteItemOverrides.unavailableOptionIds})
      order by ${menuSections.sortOrder}, ${menuSections.id}, ${menuItems.sortOrder}, ${menuItems.name})
    from ${menuItems} join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId}
    left join ${siteItemOverrides} on ${siteItemOverrides.siteId} = ${sites.id} and ${siteItemOverrides.itemId} = ${menuItems.id}
    where ${menuItems.menuId} = ${menus.id} and ${menuItems.isAvailable} and coalesce(${siteItemOverrides.isAvailable}, true))`;
  // The offers are read only when their key is not the one the caller holds (a CASE runs its subquery only when taken).
  const offers = sql`case when offers_key.key = ${knownOffers} then null else ${cardOffersSql(today)} end`;
  // The keys are computed once (`offset 0` keeps the planner from copying them into both of their uses).
  return sql`select ${flatCardSql(today, offers)}, ${brands.description} as brand_description,
      ${menus.id} as menu_id, menu_key.key as menu_key, coalesce(menu_key.key = ${known}, false) as menu_same,
      case when ${menus.id} is null or menu_key.key = ${known} then null else coalesce(${menuRows}, '[]'::json) end as menu,
      offers_key.key as offers_key, coalesce(offers_key.key = ${knownOffers}, false) as offers_same
    from ${sites} join ${brands} on ${brands.id} = ${sites.brandId} left join ${menus} on ${menus.brandId} = ${sites.brandId}
    left join lateral (select case when ${menus.id} is null then null else ${menuKeySql()} end as key offset 0) menu_key on true
    left join lateral (select ${cardOffersKeySql(today)} as key offset 0) offers_key on true
    where ${sites.slug} = ${slug} and ${listedSite()}
    limit 1`;
}

/**
 * The pages of several requests in one statement: `batch` is a JSON array of {n, slug, today, known, knownOffers}, and each
 * request's row is pageStatement's for its values, numbered `request` = n (a slug not listed answers no row). One
 * round trip and one execution for every page asked in the same turn of the event loop
 * (docs/decisions/0281-restaurant-menu-text-by-row-versions.md).
 */
function pagesStatement(): SQL {
  const page = pageStatement(sql`q.slug`, sql`q.today` as unknown as string, sql`q.known`, sql`q.known_offers`);
  return sql`select q.n as request, p.* from json_to_recordset(${sql.placeholder('batch')}::json)
      as q(n int, slug text, today text, known text, known_offers text)
    cross join lateral (${page}) p`;
}

type PageRow = FlatCardRow & {
  brand_description: string | null;
  menu_id: string | null;
  menu_key: string | null;
  menu_same: boolean;
  menu: BranchMenuRow[] | null;
  offers_key: string;
  offers_same: boolean;
};

const pageQuery = preparedStatement<PageRow>('restaurant_page', () => pageStatement(), { prepareOnPglite: true });
const pagesQuery = preparedStatement<PageRow & { request: number }>('restaurant_pages', pagesStatement, {
  prepareOnPglite: true,
});

type PageAsk = { slug: string; today: string; known: string | null; knownOffers: string | null };
type Waiting = PageAsk & { resolve: (row: PageRow | undefined) => void; reject: (err: unknown) => void };

/** The most pages one statement reads; more waiting go in further statements. */
const MAX_BATCH = 64;

/**
 * Page reads gathered per turn of the event loop, per database: the first read asked schedules the statement with
 * setImmediate, and every read asked before it runs (the other requests whose bytes arrived in the same poll) joins it.
 * Each request still reads its own row: nothing is shared between requests, even for the same slug.
 */
function pageBatcher(db: Db) {
  let waiting: Waiting[] = [];
  const run = async (batch: Waiting[]) => {
    try {
      const rows = await pagesQuery(db, {
        batch: JSON.stringify(
          batch.map((w, n) => ({ n, slug: w.slug, today: w.today, known: w.known, known_offers: w.knownOffers })),
        ),
      });
      const byRequest: (PageRow | undefined)[] = new Array(batch.length);
      for (const row of rows) byRequest[Number(row.request)] = row;
      batch.forEach((w, n) => w.resolve(byRequest[n]));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  const flush = () => {
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += MAX_BATCH) void run(all.slice(i, i + MAX_BATCH));
  };
  return (ask: PageAsk) =>
    new Promise<PageRow | undefined>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ ...ask, resolve, reject });
    });
}
const batchers = new WeakMap<Db, ReturnType<typeof pageBatcher>>();
const readPage = (db: Db, ask: PageAsk) => {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = pageBatcher(db)));
  return batcher(ask);
};

/** The statement's row as the card row and menu rows the builders answer. */
function fromPageRow(row: PageRow) {
  const card: CardRow & { brandDescription: string | null; menuId: string | null } = {
    ...cardRowOfFlat(row),
    brandDescription: row.brand_description,
    menuId: row.menu_id,
  };
  return { card, menu: row.menu ?? [] };
}

type PageCard = CardRow & { brandDescription: string | null };

/** The page without its menu, in the contract's key order (the menu, last, is added by the callers). */
function pageHead(row: PageCard, now: Date) {
  // The card carries the offer badge (card-rows.ts cardOffersSql: docs/decisions/0268-offer-badges-and-filter.md).
  return {
    ...toCard(row, now),
    brandDescription: row.brandDescription,
    openingHours: WEEKDAYS.map((weekday) => {
      const day = row.openingHours[weekday];
      return day
        ? { weekday, open: day.open, close: day.close, closed: day.closed }
        : { weekday, open: '00:00', close: '00:00', closed: true };
    }),
  };
}

/** The restaurant page: the card, the brand's description and the branch's menu (null when empty). */
export async function getRestaurant(db: DbOrTx, slug: string, now = new Date()): Promise<RestaurantDetail> {
  const today = londonDate(now);
  let row: Awaited<ReturnType<typeof branchBySlugQuery>>[number] | undefined;
  let sections: MenuSection[];
  if ('rollback' in db) {
    // Inside a transaction the builders run as they are.
    [row] = await branchBySlugQuery(db, slug, today);
    if (!row) throw new AppError('NOT_FOUND', 'Restaurant not found');
    sections = row.menuId ? await loadBranchMenu(db, row.menuId, row.id) : [];
  } else {
    const [found] = await pageQuery(db, { slug, today, known: null, knownOffers: null });
    if (!found) throw new AppError('NOT_FOUND', 'Restaurant not found');
    const { card, menu } = fromPageRow(found);
    row = card;
    sections = groupMenu(menu);
  }
  return { ...pageHead(row, now), menu: sections.length ? { sections } : null };
}

/**
 * The menus' JSON texts this process last wrote, by branch slug, each with the menu key (menuKeySql) it was read under
 * (docs/decisions/0281-restaurant-menu-text-by-row-versions.md). Not a cache of answers: every page still reads its
 * branch, its card, its clock-dependent fields and its menu key from the database; only the menu's text is reused,
 * and only while the database says its rows are the very row versions it was written from. Bounded: the oldest
 * entry goes first.
 */
export type MenuTexts = {
  get(slug: string): { key: string; text: string } | undefined;
  set(slug: string, entry: { key: string; text: string }): void;
  /**
   * The offers' texts (card-rows.ts cardOffersSql) by slug, each with the London date and the offers' key it was read
   * under (docs/decisions/0285-offers-off-the-uncached-path.md), kept and bounded like the menus'.
   */
  readonly offers: {
    get(slug: string): OffersText | undefined;
    set(slug: string, entry: OffersText): void;
  };
  readonly stats: { reused: number; written: number; offersReused: number; offersRead: number };
};

type OffersText = { date: string; key: string; text: string | null };

/** A map by slug holding at most `maxEntries`, the oldest written dropped first. */
function boundedBySlug<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  return {
    get: (slug: string) => entries.get(slug),
    set(slug: string, entry: T) {
      entries.delete(slug);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(slug, entry);
    },
  };
}

export function createMenuTexts(maxEntries = 2_000): MenuTexts {
  const menus = boundedBySlug<{ key: string; text: string }>(maxEntries);
  const stats = { reused: 0, written: 0, offersReused: 0, offersRead: 0 };
  return { get: menus.get, set: menus.set, offers: boundedBySlug<OffersText>(maxEntries), stats };
}

/**
 * The page as the JSON text the API sends, and the branch's id (for the answer's tags). The same text as
 * restaurantPageText(getRestaurant(…)) to the character (get-restaurant-sql.test.ts), made in one statement: the menu's
 * text is taken from `texts` when the database reports the menu's rows unchanged since it was written, else built from
 * the rows read and kept there; the branch's offers text likewise, by the offers' key for the London date
 * (docs/decisions/0285-offers-off-the-uncached-path.md), so an unchanged offer is neither rebuilt by the database
 * nor judged again (its badge is remembered per text and minute: card-rows.ts cardOfferLabel).
 */
export async function restaurantPageAnswer(
  db: DbOrTx,
  slug: string,
  now: Date,
  texts: MenuTexts,
): Promise<{ id: string; text: string }> {
  if ('rollback' in db) {
    const page = await getRestaurant(db, slug, now);
    return { id: page.id, text: restaurantPageText(page) };
  }
  const known = texts.get(slug);
  const today = londonDate(now);
  // An offers text holds for its own London date only: the key lists the offers read for that date.
  const held = texts.offers.get(slug);
  const knownOffers = held && held.date === today ? held : undefined;
  const found = await readPage(db, { slug, today, known: known?.key ?? null, knownOffers: knownOffers?.key ?? null });
  if (!found) throw new AppError('NOT_FOUND', 'Restaurant not found');
  if (found.offers_same && knownOffers) {
    found.offers = knownOffers.text;
    texts.stats.offersReused += 1;
  } else {
    texts.offers.set(slug, { date: today, key: found.offers_key, text: found.offers });
    texts.stats.offersRead += 1;
  }
  let menu: string;
  if (found.menu_id === null) menu = 'null';
  else if (found.menu_same && known) {
    menu = known.text;
    texts.stats.reused += 1;
  } else {
    const sections = groupMenu(found.menu ?? []);
    menu = sections.length ? JSON.stringify({ sections }) : 'null';
    texts.set(slug, { key: found.menu_key!, text: menu });
    texts.stats.written += 1;
  }
  const head = JSON.stringify({
    restaurant: pageHead({ ...cardRowOfFlat(found), brandDescription: found.brand_description }, now),
  });
  // `{"restaurant":{…,"openingHours":[…]}}` takes the menu as its last key, where the contract has it.
  return { id: found.id, text: `${head.slice(0, -2)},"menu":${menu}}}` };
}

/**
 * The page's answer as the JSON text the API sends. getRestaurant builds every object field by field in the response
 * contract's order (toCard, groupMenu), so its JSON is the contract's: get-restaurant-sql.test.ts proves it equal, to the
 * character, to `JSON.stringify(getRestaurantResponse.parse(…))` for every branch of the demo and the edge cases, and
 * the route skips parsing the answer again (docs/decisions/0248-uncached-path-cpu.md).
 */
export function restaurantPageText(restaurant: Awaited<ReturnType<typeof getRestaurant>>): string {
  return JSON.stringify({ restaurant });
}

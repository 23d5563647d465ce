import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { MenuSection, RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { WEEKDAYS } from '../../../domain/opening-hours';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, menuItems, menuSections, menus, siteItemOverrides, sites } from '../../db/schema/index';
import { type CardRow, type FlatCardRow, cardColumns, cardRowOfFlat, flatCardSql, toCard } from './card-rows';
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

/**
 * The page in one statement (docs/decisions/0178-fast-uncached-search.md): the branch's card
 * columns, its brand's description and its menu rows as one JSON array, each row the object
 * branchMenuQuery (load-menu.ts) answers, with the same keys in the same order, in its order. Values
 * come as types both drivers read alike: the rating as its numeric text, timestamps as epoch
 * milliseconds. The clock-dependent fields are judged in JS (toCard).
 */
function pageStatement(): SQL {
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
  return sql`select ${flatCardSql(TODAY)}, ${brands.description} as brand_description,
      ${menus.id} as menu_id, case when ${menus.id} is null then null else ${menuRows} end as menu
    from ${sites} join ${brands} on ${brands.id} = ${sites.brandId} left join ${menus} on ${menus.brandId} = ${sites.brandId}
    where ${sites.slug} = ${SLUG}::text and ${listedSite()}
    limit 1`;
}

type PageRow = FlatCardRow & {
  brand_description: string | null;
  menu_id: string | null;
  menu: BranchMenuRow[] | null;
};

const pageQuery = preparedStatement<PageRow>('restaurant_page', pageStatement, { prepareOnPglite: true });

/** The statement's row as the card row and menu rows the builders answer. */
function fromPageRow(row: PageRow) {
  const card: CardRow & { brandDescription: string | null; menuId: string | null } = {
    ...cardRowOfFlat(row),
    brandDescription: row.brand_description,
    menuId: row.menu_id,
  };
  return { card, menu: row.menu ?? [] };
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
    const [found] = await pageQuery(db, { slug, today });
    if (!found) throw new AppError('NOT_FOUND', 'Restaurant not found');
    const { card, menu } = fromPageRow(found);
    row = card;
    sections = groupMenu(menu);
  }
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
    menu: sections.length ? { sections } : null,
  };
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

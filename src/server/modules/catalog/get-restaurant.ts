import { and, eq, sql } from 'drizzle-orm';
import type { RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { WEEKDAYS } from '../../../domain/opening-hours';
import type { Db, DbOrTx } from '../../db/client';
import { brands, menus, sites } from '../../db/schema/index';
import { cardColumns, toCard } from './card-rows';
import { branchMenuQuery, groupMenu, loadBranchMenu } from './load-menu';
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

// Values of the prepared statements below, as placeholders where the builders take values.
const placeholder = (name: string) => sql.placeholder(name) as unknown as string;

function prepare(db: Db) {
  return {
    branch: branchBySlugQuery(db, placeholder('slug'), placeholder('today')).prepare('restaurant_branch'),
    menu: branchMenuQuery(db, placeholder('menuId'), placeholder('siteId')).prepare('restaurant_menu'),
  };
}
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();

/**
 * The page's two reads prepared once per database (docs/decisions/0178-fast-uncached-search.md): no
 * SQL text built per request, and on PostgreSQL no parse and plan either (docs/decisions/0094-prepared-statements.md).
 * Inside a transaction the builders run as they are.
 */
function statementsOf(db: DbOrTx) {
  if ('rollback' in db) return null;
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = prepare(db);
    preparedByDb.set(db, statements);
  }
  return statements;
}

/** The restaurant page: the card, the brand's description and the branch's menu (null when empty). */
export async function getRestaurant(db: DbOrTx, slug: string, now = new Date()): Promise<RestaurantDetail> {
  const today = londonDate(now);
  const statements = statementsOf(db);
  const [row] = statements
    ? await statements.branch.execute({ slug, today })
    : await branchBySlugQuery(db, slug, today);
  if (!row) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const sections = !row.menuId
    ? []
    : statements
      ? groupMenu(await statements.menu.execute({ menuId: row.menuId, siteId: row.id }))
      : await loadBranchMenu(db, row.menuId, row.id);
  return {
    ...toCard(row, now),
    brandDescription: row.brandDescription,
    openingHours: WEEKDAYS.map((weekday) => ({
      weekday,
      ...(row.openingHours[weekday] ?? { open: '00:00', close: '00:00', closed: true }),
    })),
    menu: sections.length ? { sections } : null,
  };
}

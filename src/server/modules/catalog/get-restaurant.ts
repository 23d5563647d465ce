import { and, eq } from 'drizzle-orm';
import type { RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { WEEKDAYS } from '../../../domain/opening-hours';
import type { DbOrTx } from '../../db/client';
import { brands, menus, sites } from '../../db/schema/index';
import { cardColumns, toCard } from './card-rows';
import { loadBranchMenu } from './load-menu';
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

/** The restaurant page: the card, the brand's description and the branch's menu (null when empty). */
export async function getRestaurant(db: DbOrTx, slug: string, now = new Date()): Promise<RestaurantDetail> {
  const [row] = await branchBySlugQuery(db, slug, londonDate(now));
  if (!row) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const sections = row.menuId ? await loadBranchMenu(db, row.menuId, row.id) : [];
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

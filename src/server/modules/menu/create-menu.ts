import type { SiteMenuResponse } from '../../../domain/contracts/menu/menu';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema/index';
import { requireSite } from '../partner';
import { getSiteMenu } from './get-site-menu';

/**
 * "Create Menu" for a location whose brand has none (owner or admin): one base menu per brand.
 * Asking twice is harmless: the unique brand_id keeps one menu, and the answer says whether it is new.
 */
export async function createMenu(
  db: Db,
  userId: string,
  siteId: string,
): Promise<{ created: boolean; view: SiteMenuResponse }> {
  const site = await requireSite(db, userId, siteId, 'manage');
  const inserted = await db
    .insert(menus)
    .values({ brandId: site.brandId })
    .onConflictDoNothing({ target: menus.brandId })
    .returning({ id: menus.id });
  return { created: inserted.length > 0, view: await getSiteMenu(db, userId, siteId) };
}

import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { RestaurantDetail } from '../../../../domain/contracts/admin/restaurants-endpoints';
import { AppError } from '../../../../domain/errors';
import { halalStatusLabel } from '../../../../domain/halal';
import { londonDate } from '../../../../domain/halal-facts';
import type { DbOrTx } from '../../../db/client';
import { brandMemberships, brands, menuItems, menuSections, menus, sites, user } from '../../../db/schema/index';
import { halalColumns } from '../../halal';
import { restaurantRowColumns, toRestaurantRow } from './list-restaurants';

/** One location as a reviewer sees it: its details, its brand's owners and its menu. */
export async function getRestaurantReview(db: DbOrTx, siteId: string): Promise<RestaurantDetail> {
  const [row] = await db
    .select({
      ...restaurantRowColumns,
      address: sites.address,
      postcode: sites.postcode,
      phone: sites.phone,
      email: sites.email,
      cuisines: sites.cuisines,
      deliveryFeeMinor: sites.deliveryFeeMinor,
      deliveryRadiusKm: sites.deliveryRadiusKm,
      minOrderMinor: sites.minOrderMinor,
      reviewMessage: sites.reviewMessage,
      reviewedAt: sites.reviewedAt,
      brandSuspensionReason: brands.suspensionReason,
      ...halalColumns(londonDate(new Date())),
    })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(and(eq(sites.id, siteId), ne(sites.status, 'archived')));
  if (!row) throw new AppError('NOT_FOUND', 'Location not found');
  const owners = await db
    .select({ name: user.name, email: user.email })
    .from(brandMemberships)
    .innerJoin(user, eq(user.id, brandMemberships.userId))
    .where(and(eq(brandMemberships.brandId, row.brandId), inArray(brandMemberships.role, ['owner', 'admin'])))
    .orderBy(asc(brandMemberships.createdAt));
  const menu = await db
    .select({ section: menuSections.title, name: menuItems.name, priceMinor: menuItems.priceMinor })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .where(eq(menus.brandId, row.brandId))
    .orderBy(asc(menuSections.sortOrder), asc(menuItems.sortOrder))
    .limit(200);
  return {
    ...toRestaurantRow(row),
    address: row.address,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
    cuisines: row.cuisines,
    deliveryFeeMinor: row.deliveryFeeMinor,
    deliveryRadiusKm: row.deliveryRadiusKm,
    minOrderMinor: row.minOrderMinor,
    reviewMessage: row.reviewMessage,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    brandSuspensionReason: row.brandSuspensionReason,
    halalStatus: halalStatusLabel(row.halalStatus),
    owners: owners.map((o) => ({ name: o.name || null, email: o.email })),
    menu,
  };
}

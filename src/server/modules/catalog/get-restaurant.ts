import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { MenuSection, RestaurantDetail } from '../../../domain/contracts/catalog/get-restaurant';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { type OpeningHours, WEEKDAYS } from '../../../domain/opening-hours';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { brands, menuItems, menuSections, menus, siteItemOverrides, sites } from '../../db/schema/index';
import { halalStatusSql, lastVerifiedAtSql } from '../halal';
import { type CardRow, cardColumns, toCard } from './card-rows';
import { headlineOffer, offerLabel } from '../../../domain/offers';
import { branchOffers } from '../offers';
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

/** A timestamp as epoch milliseconds, truncated as JS reads a timestamp (city-page-json.ts does the same). */
const epochMs = (value: SQL) => sql`round(extract(epoch from date_trunc('milliseconds', ${value})) * 1000)::float8`;

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
  return sql`select ${sites.id} as id, ${sites.slug} as slug, ${sites.brandId} as brand_id, ${brands.name} as brand_name,
      ${brands.logoUrl} as logo_url, ${sites.name} as branch_name, ${sites.city} as city, ${sites.cuisines} as cuisines,
      ${sites.ratingAvg}::text as rating_avg, ${sites.reviewCount} as review_count,
      ${sites.etaMinMinutes} as eta_min, ${sites.etaMaxMinutes} as eta_max, ${sites.busyExtraMinutes} as busy_extra,
      ${sites.deliveryFeeMinor} as delivery_fee, ${sites.minOrderMinor} as min_order,
      ${halalStatusSql(TODAY)} as halal_status, ${epochMs(lastVerifiedAtSql())} as last_verified_at,
      ${sites.imageUrl} as image_url, ${sites.isOpen} as switch_on, ${sites.openingHours} as opening_hours,
      ${epochMs(sql`${sites.pausedUntil}`)} as paused_until, ${sites.description} as description,
      ${sites.address} as address, ${sites.postcode} as postcode, ${sites.phone} as phone, ${sites.lat} as lat,
      ${sites.lng} as lng, ${sites.deliveryRadiusKm} as radius, ${brands.description} as brand_description,
      ${menus.id} as menu_id, case when ${menus.id} is null then null else ${menuRows} end as menu
    from ${sites} join ${brands} on ${brands.id} = ${sites.brandId} left join ${menus} on ${menus.brandId} = ${sites.brandId}
    where ${sites.slug} = ${SLUG}::text and ${listedSite()}
    limit 1`;
}

type PageRow = {
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
  brand_description: string | null;
  menu_id: string | null;
  menu: BranchMenuRow[] | null;
};

const pageQuery = preparedStatement<PageRow>('restaurant_page', pageStatement, { prepareOnPglite: true });

const instant = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

/** The statement's row as the card row and menu rows the builders answer. */
function fromPageRow(row: PageRow) {
  const card: CardRow & { brandDescription: string | null; menuId: string | null } = {
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
  // The offer badge, server-priced and server-rendered (docs/decisions/0250-restaurant-offers-pricing.md).
  const offer = headlineOffer(await branchOffers(db, row, now), now);
  return {
    ...toCard(row, now),
    offerLabel: offer ? offerLabel(offer) : null,
    brandDescription: row.brandDescription,
    openingHours: WEEKDAYS.map((weekday) => ({
      weekday,
      ...(row.openingHours[weekday] ?? { open: '00:00', close: '00:00', closed: true }),
    })),
    menu: sections.length ? { sections } : null,
  };
}

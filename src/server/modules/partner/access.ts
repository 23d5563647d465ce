import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { canManageBrand } from '../../../domain/partner-access';
import type { BrandRole } from '../../../domain/roles';
import type { HalalStatus } from '../../../domain/halal';
import { londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, brands, siteStaff, sites } from '../../db/schema/index';
import { halalColumns } from '../halal';

/*
 * Row ownership for the partner console, always inside the query: a brand or location the caller
 * does not work at is "not found" (404), never "forbidden", so ids cannot be probed. A site
 * manager who reaches a brand-level action gets 403: they can see the row, not change it.
 */

const NOT_MANAGER = 'Only the brand owner or an admin can do this.';

/** The caller's role in a brand, or null when they are not a member. */
export async function brandRoleOf(db: DbOrTx, userId: string, brandId: string): Promise<BrandRole | null> {
  const [row] = await db
    .select({ role: brandMemberships.role })
    .from(brandMemberships)
    .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** The caller's role in a brand; 404 for a non-member, 403 when `manage` and they are a site manager. */
export async function requireBrand(
  db: DbOrTx,
  userId: string,
  brandId: string,
  need: 'member' | 'manage',
): Promise<BrandRole> {
  const role = await brandRoleOf(db, userId, brandId);
  if (!role) throw new AppError('NOT_FOUND', 'Brand not found');
  if (need === 'manage' && !canManageBrand(role)) throw new AppError('FORBIDDEN', NOT_MANAGER);
  return role;
}

export type StaffSite = typeof sites.$inferSelect & {
  brandName: string;
  role: BrandRole;
  /** Derived for today (docs/decisions/0100-halal-status-derived.md), never stored. */
  halalStatus: HalalStatus;
  lastVerifiedAt: Date | null;
};

/**
 * A location the caller works at (owner or admin of its brand, or a site manager named on it),
 * with their role; null otherwise. Archived (deleted) locations are gone for the console.
 */
export async function loadStaffSite(db: DbOrTx, userId: string, siteId: string): Promise<StaffSite | null> {
  const [row] = await db
    .select({
      site: sites,
      brandName: brands.name,
      role: brandMemberships.role,
      named: siteStaff.userId,
      ...halalColumns(londonDate(new Date())),
    })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, sites.brandId), eq(brandMemberships.userId, userId)))
    .leftJoin(siteStaff, and(eq(siteStaff.siteId, sites.id), eq(siteStaff.userId, userId)))
    .where(
      and(
        eq(sites.id, siteId),
        ne(sites.status, 'archived'),
        or(inArray(brandMemberships.role, ['owner', 'admin']), isNotNull(siteStaff.userId)),
      ),
    )
    .limit(1);
  return row
    ? {
        ...row.site,
        brandName: row.brandName,
        role: row.role,
        halalStatus: row.halalStatus,
        lastVerifiedAt: row.lastVerifiedAt,
      }
    : null;
}

/** A location the caller works at; 404 "Location not found" otherwise, 403 when `manage` needs owner or admin. */
export async function requireSite(
  db: DbOrTx,
  userId: string,
  siteId: string,
  need: 'staff' | 'manage' = 'staff',
): Promise<StaffSite> {
  const site = await loadStaffSite(db, userId, siteId);
  if (!site) throw new AppError('NOT_FOUND', 'Location not found');
  if (need === 'manage' && !canManageBrand(site.role)) throw new AppError('FORBIDDEN', NOT_MANAGER);
  return site;
}

/**
 * The ids of every live location the caller works at, as a subquery for `inArray(x, …)`, so lists
 * filter by ownership inside their own query.
 */
export function staffSiteIds(db: DbOrTx, userId: string) {
  return db
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, sites.brandId), eq(brandMemberships.userId, userId)))
    .leftJoin(siteStaff, and(eq(siteStaff.siteId, sites.id), eq(siteStaff.userId, userId)))
    .where(
      and(
        ne(sites.status, 'archived'),
        or(inArray(brandMemberships.role, ['owner', 'admin']), sql`${siteStaff.userId} is not null`),
      ),
    );
}

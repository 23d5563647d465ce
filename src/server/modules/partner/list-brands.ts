import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { PartnerBrand } from '../../../domain/contracts/partner/brands';
import { londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, brands, siteStaff, sites } from '../../db/schema/index';
import { halalStatusSql } from '../halal';

/**
 * The brands a partner belongs to, each with the sites they may run: every site for an owner
 * or admin, only their own sites for a site manager. Ownership is part of the query.
 */
export async function listPartnerBrands(db: DbOrTx, userId: string, brandId?: string): Promise<PartnerBrand[]> {
  const rows = await db
    .select({ brand: brands, role: brandMemberships.role })
    .from(brandMemberships)
    .innerJoin(brands, eq(brands.id, brandMemberships.brandId))
    .where(and(eq(brandMemberships.userId, userId), brandId ? eq(brands.id, brandId) : undefined))
    .orderBy(asc(brands.name));
  if (!rows.length) return [];
  const brandIds = rows.map((r) => r.brand.id);
  const siteRows = await db
    .select({
      id: sites.id,
      brandId: sites.brandId,
      name: sites.name,
      slug: sites.slug,
      city: sites.city,
      address: sites.address,
      isOpen: sites.isOpen,
      halalStatus: halalStatusSql(londonDate(new Date())),
      pausedUntil: sites.pausedUntil,
    })
    .from(sites)
    .where(and(inArray(sites.brandId, brandIds), ne(sites.status, 'archived')))
    .orderBy(asc(sites.name));
  const managed = new Set(
    (await db.select({ siteId: siteStaff.siteId }).from(siteStaff).where(eq(siteStaff.userId, userId))).map(
      (r) => r.siteId,
    ),
  );
  return rows.map(({ brand, role }) => ({
    id: brand.id,
    name: brand.name,
    description: brand.description,
    website: brand.website,
    email: brand.email,
    phone: brand.phone,
    logoUrl: brand.logoUrl,
    role,
    sites: siteRows
      .filter((s) => s.brandId === brand.id && (role !== 'site_manager' || managed.has(s.id)))
      .map(({ brandId: _b, pausedUntil, ...s }) => ({ ...s, pausedUntil: pausedUntil?.toISOString() ?? null })),
  }));
}

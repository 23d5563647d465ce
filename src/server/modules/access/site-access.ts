import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, siteStaff, sites } from '../../db/schema/index';

/**
 * Whether this user works at this site: a CURRENT member of its brand who is its owner or admin, or
 * a site manager named on it (docs/product/partner.md#staff). A site link alone is not enough: the
 * membership is what removal takes away, so someone removed from the brand sees none of its sites,
 * archived ones included. Checked in the query, so a site of another brand simply does not match.
 */
export async function isSiteStaff(db: DbOrTx, userId: string, siteId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, sites.brandId), eq(brandMemberships.userId, userId)))
    .leftJoin(siteStaff, and(eq(siteStaff.siteId, sites.id), eq(siteStaff.userId, userId)))
    .where(
      and(eq(sites.id, siteId), or(inArray(brandMemberships.role, ['owner', 'admin']), isNotNull(siteStaff.userId))),
    )
    .limit(1);
  return rows.length > 0;
}

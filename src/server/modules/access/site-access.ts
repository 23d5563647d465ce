import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, siteStaff, sites } from '../../db/schema/index';

/**
 * Whether this user works at this site: an owner or admin of its brand, or a site manager
 * named on it. Checked in the query, so a site of another brand simply does not match.
 */
export async function isSiteStaff(db: DbOrTx, userId: string, siteId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .leftJoin(
      brandMemberships,
      and(
        eq(brandMemberships.brandId, sites.brandId),
        eq(brandMemberships.userId, userId),
        inArray(brandMemberships.role, ['owner', 'admin']),
      ),
    )
    .leftJoin(siteStaff, and(eq(siteStaff.siteId, sites.id), eq(siteStaff.userId, userId)))
    .where(and(eq(sites.id, siteId), or(sql`${brandMemberships.id} is not null`, sql`${siteStaff.userId} is not null`)))
    .limit(1);
  return rows.length > 0;
}

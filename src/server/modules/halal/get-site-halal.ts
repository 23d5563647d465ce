import { desc, eq } from 'drizzle-orm';
import type { AdminSiteHalalResponse } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { brands, halalStatusHistory, sites } from '../../db/schema/index';
import { halalColumns } from './halal-status-sql';

/** A location's halal status and full history (who and why), for verifiers. */
export async function getSiteHalal(db: DbOrTx, siteId: string, now = new Date()): Promise<AdminSiteHalalResponse> {
  const [site] = await db
    .select({
      id: sites.id,
      name: sites.name,
      slug: sites.slug,
      brandName: brands.name,
      ...halalColumns(londonDate(now)),
    })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(sites.id, siteId));
  if (!site) throw new AppError('NOT_FOUND', 'Location not found');
  const history = await db
    .select()
    .from(halalStatusHistory)
    .where(eq(halalStatusHistory.siteId, siteId))
    .orderBy(desc(halalStatusHistory.at))
    .limit(100);
  return {
    siteId: site.id,
    siteName: site.name,
    brandName: site.brandName,
    slug: site.slug,
    halalStatus: site.halalStatus,
    lastVerifiedAt: site.lastVerifiedAt ? site.lastVerifiedAt.toISOString() : null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      actorName: h.actorName,
    })),
  };
}

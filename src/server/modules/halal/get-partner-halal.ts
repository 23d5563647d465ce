import { desc, eq } from 'drizzle-orm';
import type { PartnerHalalResponse } from '../../../domain/contracts/halal/partner-halal';
import { AppError } from '../../../domain/errors';
import { DEFAULT_HALAL_FACTS, londonDate } from '../../../domain/halal-facts';
import { certificateRenewsSoon } from '../../../domain/halal-status';
import type { Db } from '../../db/client';
import { halalCertificates, siteHalalFacts, siteHalalItems, sites } from '../../db/schema/index';
import { toCertificateView } from './certificate-rows';
import { halalColumns } from './halal-status-sql';
import { requireSiteStaff } from './partner-site';
import { siteMenuItems } from './site-items';

/**
 * The location page's halal section: the derived status (read-only), facts, per-item flags,
 * certificates, and whether the current certificate renews soon (within 30 days).
 */
export async function getPartnerHalal(
  db: Db,
  userId: string,
  siteId: string,
  now = new Date(),
): Promise<PartnerHalalResponse> {
  await requireSiteStaff(db, userId, siteId);
  const today = londonDate(now);
  const [site] = await db.select(halalColumns(today)).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new AppError('NOT_FOUND', 'Location not found');
  const [facts] = await db.select().from(siteHalalFacts).where(eq(siteHalalFacts.siteId, siteId));
  const flags = await db
    .select({ itemId: siteHalalItems.itemId })
    .from(siteHalalItems)
    .where(eq(siteHalalItems.siteId, siteId));
  const certs = await db
    .select()
    .from(halalCertificates)
    .where(eq(halalCertificates.siteId, siteId))
    .orderBy(desc(halalCertificates.createdAt));
  return {
    siteId,
    halalStatus: site.halalStatus,
    lastVerifiedAt: site.lastVerifiedAt ? site.lastVerifiedAt.toISOString() : null,
    facts: facts
      ? {
          alcoholServed: facts.alcoholServed,
          porkOnPremises: facts.porkOnPremises,
          slaughterMethod: facts.slaughterMethod,
          halalScope: facts.halalScope,
          updatedAt: facts.updatedAt.toISOString(),
        }
      : { ...DEFAULT_HALAL_FACTS, updatedAt: null },
    halalItemIds: flags.map((f) => f.itemId),
    items: await siteMenuItems(db, siteId),
    certificates: certs.map(toCertificateView),
    renewsSoon: certificateRenewsSoon(certs, today),
  };
}

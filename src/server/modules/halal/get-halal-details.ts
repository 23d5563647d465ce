import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { HalalDetailsResponse } from '../../../domain/contracts/halal/public-halal';
import { AppError } from '../../../domain/errors';
import { halalStatusLabel } from '../../../domain/halal';
import { certifyingBodyName, londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { halalCertificates, halalStatusHistory, siteHalalFacts, siteHalalItems, sites } from '../../db/schema/index';
import { halalColumns } from './halal-status-sql';

/** An active location by its slug, for the public halal routes. */
export async function findPublicSite(db: DbOrTx, slug: string, now = new Date()) {
  const [site] = await db
    .select({ id: sites.id, name: sites.name, ...halalColumns(londonDate(now)) })
    .from(sites)
    .where(
      and(
        eq(sites.slug, slug),
        eq(sites.status, 'active'),
        eq(sites.reviewStatus, 'approved'),
        isNull(sites.brandSuspendedAt),
      ),
    );
  if (!site) throw new AppError('NOT_FOUND', 'Restaurant not found');
  return site;
}

/**
 * The restaurant page's "Halal details": the derived status with its product label (the same rule as
 * the search's badge and chip), the current approved certificate (only while verified: a suspended or pending location shows none), the partner's
 * declared facts, per-item halal marks, and the public history (dates and statuses only).
 */
export async function getHalalDetails(db: DbOrTx, slug: string, now = new Date()): Promise<HalalDetailsResponse> {
  const site = await findPublicSite(db, slug, now);
  const [cert] =
    site.halalStatus === 'verified'
      ? await db
          .select()
          .from(halalCertificates)
          .where(
            and(
              eq(halalCertificates.siteId, site.id),
              eq(halalCertificates.status, 'approved'),
              gte(halalCertificates.expiresOn, londonDate(now)),
            ),
          )
          .orderBy(desc(halalCertificates.expiresOn))
          .limit(1)
      : [];
  const [facts] = await db.select().from(siteHalalFacts).where(eq(siteHalalFacts.siteId, site.id));
  const items =
    facts?.halalScope === 'some_items'
      ? await db
          .select({ itemId: siteHalalItems.itemId })
          .from(siteHalalItems)
          .where(and(eq(siteHalalItems.siteId, site.id), eq(siteHalalItems.isHalal, true)))
      : [];
  const history = await db
    .select({ at: halalStatusHistory.at, status: halalStatusHistory.toStatus })
    .from(halalStatusHistory)
    .where(eq(halalStatusHistory.siteId, site.id))
    .orderBy(asc(halalStatusHistory.at))
    .limit(100);
  return {
    halalStatus: site.halalStatus,
    statusLabel: halalStatusLabel(site.halalStatus),
    lastVerifiedAt: site.lastVerifiedAt ? site.lastVerifiedAt.toISOString() : null,
    certificate: cert
      ? {
          certifyingBodyName: certifyingBodyName(cert.certifyingBody, cert.certifyingBodyOther),
          certificateNumber: cert.certificateNumber,
          expiresOn: cert.expiresOn,
          scope: cert.scope,
        }
      : null,
    facts: facts
      ? {
          alcoholServed: facts.alcoholServed,
          porkOnPremises: facts.porkOnPremises,
          slaughterMethod: facts.slaughterMethod,
          halalScope: facts.halalScope,
          updatedAt: facts.updatedAt.toISOString(),
        }
      : null,
    halalItemIds: items.map((i) => i.itemId),
    history: history.map((h) => ({
      at: h.at.toISOString(),
      status: h.status,
      statusLabel: halalStatusLabel(h.status),
    })),
  };
}

import { and, eq, gte, inArray } from 'drizzle-orm';
import { londonDate } from '../../../domain/halal-facts';
import type { DbOrTx } from '../../db/client';
import { halalCertificates } from '../../db/schema/index';

/**
 * Of these locations, those with an approved certificate current today (London date). The
 * "Verified Halal" filter needs this as well as the verified status: a status alone is not proof.
 */
export async function currentlyCertifiedSiteIds(
  db: DbOrTx,
  siteIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (!siteIds.length) return new Set();
  const rows = await db
    .selectDistinct({ siteId: halalCertificates.siteId })
    .from(halalCertificates)
    .where(
      and(
        inArray(halalCertificates.siteId, [...siteIds]),
        eq(halalCertificates.status, 'approved'),
        gte(halalCertificates.expiresOn, londonDate(now)),
      ),
    );
  return new Set(rows.map((r) => r.siteId));
}

import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { CertifyingBody } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import { storeUpload } from '../../modules/uploads';
import type { Db } from '../client';
import { brandMemberships, halalCertificates, halalStatusHistory, sites, user } from '../schema/index';
import { demoPdf } from './seed-driver-documents';

/** Dates as YYYY-MM-DD, n days from now. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo mode: every verified demo location without an approved certificate gets one (a small PDF
 * stored through the upload code, approved by the demo super admin), so "Verified Halal" keeps
 * showing the verified demo restaurants under the certificate rule (docs/decisions/0070-halal-trust.md). Adds only what is missing.
 */
export async function seedHalal(db: Db, opts: { uploadDir: string }): Promise<number> {
  const due = await db
    .select({ id: sites.id, name: sites.name, slug: sites.slug, brandId: sites.brandId })
    .from(sites)
    .where(
      and(
        eq(sites.halalStatus, 'verified'),
        eq(sites.status, 'active'),
        notExists(
          db
            .select({ id: halalCertificates.id })
            .from(halalCertificates)
            .where(and(eq(halalCertificates.siteId, sites.id), eq(halalCertificates.status, 'approved'))),
        ),
      ),
    );
  if (!due.length) return 0;
  const [verifier] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, 'admin@halalnosh.test'));
  const owners = await db
    .select({ brandId: brandMemberships.brandId, userId: user.id, email: user.email, name: user.name })
    .from(brandMemberships)
    .innerJoin(user, eq(user.id, brandMemberships.userId))
    .where(
      and(
        inArray(brandMemberships.brandId, [...new Set(due.map((s) => s.brandId))]),
        eq(brandMemberships.role, 'owner'),
      ),
    );
  let added = 0;
  for (const [i, site] of due.entries()) {
    const owner = owners.find((o) => o.brandId === site.brandId);
    if (!owner) continue;
    const body: CertifyingBody = i % 2 === 0 ? 'hmc' : 'hfa';
    const number = `${body.toUpperCase()}-${String(240100 + i)}`;
    const actor: Actor = {
      userId: owner.userId,
      email: owner.email,
      name: owner.name,
      userType: 'partner',
      status: null,
      adminRole: null,
    };
    const pdf = demoPdf([
      'Halal Certificate',
      site.name,
      `Certificate number ${number}`,
      `Valid until ${day(330)}`,
      'HalalNosh demo document',
    ]);
    const upload = await storeUpload({ db, uploadDir: opts.uploadDir }, actor, 'halal_certificate', pdf);
    await db.transaction(async (tx) => {
      await tx.insert(halalCertificates).values({
        siteId: site.id,
        certifyingBody: body,
        certificateNumber: number,
        issuedOn: day(-35),
        expiresOn: day(330),
        uploadId: upload.id,
        scope: 'whole_menu',
        status: 'approved',
        submittedBy: owner.userId,
        reviewedBy: verifier?.id ?? null,
        reviewedAt: new Date(),
      });
      await tx.insert(halalStatusHistory).values({
        siteId: site.id,
        fromStatus: null,
        toStatus: 'verified',
        reason: `Certificate ${number} approved (demo data)`,
        actorId: verifier?.id ?? null,
        actorName: verifier?.name ?? 'System',
      });
    });
    added++;
  }
  return added;
}

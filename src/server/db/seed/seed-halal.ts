import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { CertificateStatus, CertifyingBody, SlaughterMethod } from '../../../domain/halal-facts';
import type { Db } from '../client';
import type { UploadStorage } from '../../platform/upload-storage';
import {
  brandMemberships,
  halalCertificates,
  halalStatusHistory,
  siteHalalFacts,
  uploads,
  user,
} from '../schema/index';
import { type CatalogSiteSeed, catalogSeedBrands, stableUuid } from './demo-restaurants';
import { demoPdf } from './seed-driver-documents';

/** The demo branch whose certificate runs out within 30 days ("Certificate renews soon" for the demo partner). */
export const RENEWS_SOON_SLUG = 'tiffin-tandoor-tooting';
/** The demo branch with a renewal awaiting review in the verifier's queue (its last certificate lapsed). */
export const PENDING_REVIEW_SLUG = 'karachi-biryani-co-leyton';

const DAY = 86_400_000;
/** YYYY-MM-DD of an instant (UTC: seeded dates are months apart from any London midnight that matters). */
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => ymd(new Date(Date.now() + n * DAY));
const byte = (key: string) => createHash('sha1').update(key).digest()[0];

type CertPlan = {
  siteId: string;
  siteName: string;
  number: string;
  body: CertifyingBody;
  issuedOn: string;
  expiresOn: string;
  status: CertificateStatus;
  reviewedAt: Date | null;
  ownerId: string | null;
};

/** The certificates a branch's halal story needs: the evidence its status is derived from. */
function certificatesFor(site: CatalogSiteSeed, ownerId: string | null): CertPlan[] {
  const body: CertifyingBody = byte(site.slug) % 2 === 0 ? 'hmc' : 'hfa';
  const number = (n: number) => `${body.toUpperCase()}-${String(300000 + ((byte(`${site.slug}:${n}`) * 997) % 99999))}`;
  const verifiedAt = site.lastVerifiedAt ?? new Date(Date.now() - 35 * DAY);
  const base = { siteId: site.id, siteName: site.name, body, ownerId };
  if (site.halalStatus === 'verified') {
    const sample = site.certificate;
    const expiresOn =
      site.slug === RENEWS_SOON_SLUG ? inDays(21) : (sample?.expiresOn ?? inDays(200 + (byte(site.slug) % 150)));
    return [
      {
        ...base,
        body: sample?.certifyingBody ?? body,
        number: sample?.certificateNumber ?? number(1),
        issuedOn: sample?.issuedOn ?? ymd(verifiedAt),
        expiresOn,
        status: 'approved',
        reviewedAt: verifiedAt,
      },
    ];
  }
  if (site.halalStatus === 'temp-unverified') {
    // Approved once, lapsed since; one of them has sent its renewal, waiting for a verifier.
    const lapsed: CertPlan = {
      ...base,
      number: number(1),
      issuedOn: ymd(verifiedAt),
      expiresOn: inDays(-12 - (byte(site.slug) % 20)),
      status: 'expired',
      reviewedAt: verifiedAt,
    };
    if (site.slug !== PENDING_REVIEW_SLUG) return [lapsed];
    return [
      lapsed,
      { ...base, number: number(2), issuedOn: inDays(-3), expiresOn: inDays(362), status: 'pending', reviewedAt: null },
    ];
  }
  return [];
}

/** What each branch declares: verified kitchens state their slaughter method; some self-declared ones serve alcohol. */
function factsFor(site: CatalogSiteSeed) {
  const b = byte(`facts:${site.slug}`);
  const slaughter: SlaughterMethod =
    site.halalStatus === 'self-declared'
      ? (['not_stated', 'mixed', 'stunned'] as const)[b % 3]
      : b % 4 === 0
        ? 'stunned'
        : 'hand_slaughtered';
  return {
    siteId: site.id,
    alcoholServed: site.halalStatus === 'self-declared' && b % 2 === 0,
    porkOnPremises: false,
    slaughterMethod: slaughter,
    halalScope: 'whole_menu' as const,
  };
}

/**
 * Demo mode: the evidence behind every demo branch's halal status (docs/decisions/0100-halal-status-derived.md), which is
 * derived and never seeded: an approved certificate with its document for each verified branch
 * (one renewing within 30 days), a lapsed one for "Verification Pending" branches (one with a
 * renewal awaiting review), none for self-declared ones; declared facts for every branch; and the
 * history of those moves. Adds only what is missing (a branch that has any certificate keeps its
 * own), in one transaction, so a restart costs two small reads.
 */
export async function seedHalal(db: Db, opts: { storage: UploadStorage }): Promise<number> {
  const seeds = catalogSeedBrands().flatMap((b) => b.sites.map((s) => ({ site: s, brandId: b.id })));
  const ids = seeds.map((s) => s.site.id);
  const haveCerts = new Set(
    (
      await db
        .selectDistinct({ siteId: halalCertificates.siteId })
        .from(halalCertificates)
        .where(inArray(halalCertificates.siteId, ids))
    ).map((r) => r.siteId),
  );
  const haveFacts = new Set(
    (
      await db.select({ siteId: siteHalalFacts.siteId }).from(siteHalalFacts).where(inArray(siteHalalFacts.siteId, ids))
    ).map((r) => r.siteId),
  );
  const due = seeds.filter((s) => !haveCerts.has(s.site.id) && s.site.halalStatus !== 'self-declared');
  const facts = seeds.filter((s) => !haveFacts.has(s.site.id)).map((s) => factsFor(s.site));
  if (!due.length && !facts.length) return 0;
  const [verifier] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, 'admin@halalnosh.test'));
  const owners = new Map(
    (
      await db
        .select({ brandId: brandMemberships.brandId, userId: brandMemberships.userId })
        .from(brandMemberships)
        .where(eq(brandMemberships.role, 'owner'))
    ).map((o) => [o.brandId, o.userId]),
  );
  const plans = due.flatMap((s) => certificatesFor(s.site, owners.get(s.brandId) ?? null));
  // Documents first: a certificate row never points at a missing file.
  const docs = plans.map((p) => {
    const id = stableUuid(`halal-doc:${p.number}:${p.siteId}`);
    const pdf = demoPdf([
      'Halal Certificate',
      p.siteName,
      `Certificate number ${p.number}`,
      `Issued ${p.issuedOn}, valid until ${p.expiresOn}`,
      'HalalNosh demo document',
    ]);
    return { id, pdf, storageKey: `halal_certificate/${id}.pdf`, plan: p };
  });
  await Promise.all(docs.map((d) => opts.storage.put(d.storageKey, d.pdf, 'application/pdf')));
  await db.transaction(async (tx) => {
    if (docs.length) {
      await tx
        .insert(uploads)
        .values(
          docs.map((d) => ({
            id: d.id,
            ownerId: d.plan.ownerId,
            purpose: 'halal_certificate' as const,
            storageKey: d.storageKey,
            contentType: 'application/pdf',
            sizeBytes: d.pdf.length,
            isPrivate: true,
          })),
        )
        .onConflictDoNothing();
      await tx.insert(halalCertificates).values(
        docs.map(({ id, plan: p }) => ({
          siteId: p.siteId,
          certifyingBody: p.body,
          certificateNumber: p.number,
          issuedOn: p.issuedOn,
          expiresOn: p.expiresOn,
          uploadId: id,
          scope: 'whole_menu' as const,
          status: p.status,
          submittedBy: p.ownerId,
          reviewedBy: p.reviewedAt ? (verifier?.id ?? null) : null,
          reviewedAt: p.reviewedAt,
          createdAt: p.reviewedAt ?? new Date(),
        })),
      );
      const system = { actorId: null, actorName: 'System' };
      const admin = { actorId: verifier?.id ?? null, actorName: verifier?.name ?? 'System' };
      const history = docs.flatMap(({ plan: p }) => {
        if (p.status === 'pending') return [];
        const approved = {
          siteId: p.siteId,
          fromStatus: null,
          toStatus: 'verified' as const,
          reason: `Certificate ${p.number} approved (demo data)`,
          at: p.reviewedAt ?? new Date(),
          ...admin,
        };
        if (p.status === 'approved') return [approved];
        const lapsed = {
          siteId: p.siteId,
          fromStatus: 'verified' as const,
          toStatus: 'temp-unverified' as const,
          reason: `Certificate ${p.number} expired on ${p.expiresOn}`,
          at: new Date(Date.parse(p.expiresOn) + DAY),
          ...system,
        };
        return [approved, lapsed];
      });
      if (history.length) await tx.insert(halalStatusHistory).values(history);
    }
    if (facts.length) await tx.insert(siteHalalFacts).values(facts).onConflictDoNothing();
  });
  return docs.length;
}

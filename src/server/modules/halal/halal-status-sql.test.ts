import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALAL_STATUS_CASES } from '../../../domain/halal-status-cases';
import { deriveHalalStatus } from '../../../domain/halal-status';
import { brands, halalCertificates, sites, uploads } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { halalStatusSql, isVerifiedSql } from './halal-status-sql';

let t: TestApp;
const siteIds: string[] = [];

/** One location per case of the domain's table, with exactly that case's certificates and suspension. */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [brand] = await db.insert(brands).values({ name: 'Status Cases' }).returning();
  const [upload] = await db
    .insert(uploads)
    .values({
      purpose: 'halal_certificate',
      storageKey: 'halal_certificate/cases.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
    })
    .returning();
  for (const [i, c] of HALAL_STATUS_CASES.entries()) {
    const [site] = await db
      .insert(sites)
      .values({
        brandId: brand.id,
        name: `Case ${i}`,
        slug: `status-case-${i}`,
        address: `${i} Case Street`,
        city: 'London',
        citySlug: 'london',
        openingHours: {} as never,
        halalSuspendedAt: c.evidence.suspended ? new Date('2026-01-01T00:00:00Z') : null,
      })
      .returning();
    siteIds.push(site.id);
    if (c.evidence.certificates.length)
      await db.insert(halalCertificates).values(
        c.evidence.certificates.map((cert, n) => ({
          siteId: site.id,
          certifyingBody: 'hmc' as const,
          certificateNumber: `CASE-${i}-${n}`,
          issuedOn: '2020-01-01',
          expiresOn: cert.expiresOn,
          uploadId: upload.id,
          scope: 'whole_menu' as const,
          status: cert.status,
        })),
      );
  }
});
afterAll(async () => t.close());

describe('the SQL halal status', () => {
  it.each(HALAL_STATUS_CASES.map((c, i) => ({ ...c, i })))(
    'agrees with deriveHalalStatus: $name',
    async ({ i, evidence, today }) => {
      const [row] = await t.database.db
        .select({ status: halalStatusSql(today), verified: isVerifiedSql(today) })
        .from(sites)
        .where(eq(sites.id, siteIds[i]));
      const expected = deriveHalalStatus(evidence, today);
      expect(row.status).toBe(expected);
      expect(row.verified).toBe(expected === 'verified');
    },
  );

  it('agrees on every case on every day round an expiry (the day before, on, and after)', async () => {
    for (const today of ['2026-03-27', '2026-03-28', '2026-03-29', '2026-11-24', '2026-11-25', '2026-11-26']) {
      const rows = await t.database.db
        .select({ id: sites.id, status: halalStatusSql(today) })
        .from(sites)
        .where(inArray(sites.id, siteIds));
      for (const [i, c] of HALAL_STATUS_CASES.entries()) {
        expect(rows.find((r) => r.id === siteIds[i])?.status, `${c.name} on ${today}`).toBe(
          deriveHalalStatus(c.evidence, today),
        );
      }
    }
  });

  it('has no stored status a direct UPDATE could make disagree: the column is gone', async () => {
    const result = await t.database.db.execute(
      "select column_name from information_schema.columns where table_name = 'sites' and column_name in ('halal_status', 'last_verified_at')",
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    expect(rows).toEqual([]);
  });
});

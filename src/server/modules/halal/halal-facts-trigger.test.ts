import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halalCertificates, sites, uploads } from '../../db/schema/index';
import { seedShop } from '../orders/test-fixtures';
import { type TestApp, createTestApp } from '../../test/test-app';
import { halalStatusSql, lastVerifiedAtSql } from './halal-status-sql';

/** The backfill of migration 0029, run again on rows whose summary was wiped. */
const BACKFILL = readFileSync(join(import.meta.dirname, '../../db/migrations/0029_halal-certificate-facts.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean)
  .find((statement) => statement.startsWith('SELECT halal_refresh_site_facts'))!;

let t: TestApp;
let uploadId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [upload] = await t.database.db
    .insert(uploads)
    .values({
      purpose: 'halal_certificate',
      storageKey: 'halal_certificate/facts.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
    })
    .returning();
  uploadId = upload.id;
});
afterAll(async () => t.close());

const TODAY = '2026-06-01';

async function facts(siteId: string) {
  const [row] = await t.database.db
    .select({
      approvedUntil: sites.halalApprovedUntil,
      certified: sites.halalCertified,
      lastVerifiedAt: sites.halalLastVerifiedAt,
      status: halalStatusSql(TODAY),
      shownLastVerifiedAt: lastVerifiedAtSql(),
    })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row;
}

async function certificate(siteId: string, n: string, values: Partial<typeof halalCertificates.$inferInsert>) {
  const [row] = await t.database.db
    .insert(halalCertificates)
    .values({
      siteId,
      certifyingBody: 'hmc',
      certificateNumber: `FACTS-${n}`,
      issuedOn: '2025-01-01',
      expiresOn: '2026-12-31',
      uploadId,
      scope: 'whole_menu',
      ...values,
    })
    .returning();
  return row;
}

describe("the site row's summary of its halal certificates (docs/decisions/0188-halal-certificate-facts.md)", () => {
  it('follows every insert, review, expiry, move and removal of a certificate', async () => {
    const db = t.database.db;
    const { site } = await seedShop(t);
    const other = (await seedShop(t)).site;
    expect(await facts(site.id)).toMatchObject({
      approvedUntil: null,
      certified: false,
      lastVerifiedAt: null,
      status: 'self-declared',
    });

    const first = await certificate(site.id, 'A', { status: 'pending' });
    expect(await facts(site.id)).toMatchObject({
      approvedUntil: null,
      certified: true,
      lastVerifiedAt: null,
      status: 'temp-unverified',
    });

    const approvedAt = new Date('2026-02-03T10:11:12.345Z');
    await db
      .update(halalCertificates)
      .set({ status: 'approved', reviewedAt: approvedAt })
      .where(eq(halalCertificates.id, first.id));
    expect(await facts(site.id)).toMatchObject({ approvedUntil: '2026-12-31', certified: true, status: 'verified' });
    expect((await facts(site.id)).lastVerifiedAt?.toISOString()).toBe(approvedAt.toISOString());
    expect((await facts(site.id)).shownLastVerifiedAt?.toISOString()).toBe(approvedAt.toISOString());

    const laterAt = new Date('2026-04-05T00:00:00.000Z');
    const second = await certificate(site.id, 'B', {
      status: 'approved',
      expiresOn: '2027-03-31',
      reviewedAt: laterAt,
    });
    expect(await facts(site.id)).toMatchObject({ approvedUntil: '2027-03-31' });
    expect((await facts(site.id)).lastVerifiedAt?.toISOString()).toBe(laterAt.toISOString());

    // Approved but past its date on TODAY: no longer verified, still certified.
    await db.update(halalCertificates).set({ expiresOn: '2026-05-31' }).where(eq(halalCertificates.id, second.id));
    await db.update(halalCertificates).set({ status: 'expired' }).where(eq(halalCertificates.id, first.id));
    expect(await facts(site.id)).toMatchObject({
      approvedUntil: '2026-05-31',
      certified: true,
      status: 'temp-unverified',
    });
    expect((await facts(site.id)).lastVerifiedAt?.toISOString()).toBe(laterAt.toISOString());

    // A rejected certificate counts for nothing.
    await db.update(halalCertificates).set({ status: 'rejected' }).where(eq(halalCertificates.id, second.id));
    expect(await facts(site.id)).toMatchObject({ approvedUntil: null, certified: true });
    expect((await facts(site.id)).lastVerifiedAt?.toISOString()).toBe(approvedAt.toISOString());

    // Moved to another location: both rows follow.
    await db.update(halalCertificates).set({ siteId: other.id }).where(eq(halalCertificates.id, first.id));
    expect(await facts(site.id)).toMatchObject({
      approvedUntil: null,
      certified: false,
      lastVerifiedAt: null,
      status: 'self-declared',
    });
    expect(await facts(other.id)).toMatchObject({ certified: true, status: 'temp-unverified' });

    await db.delete(halalCertificates).where(inArray(halalCertificates.id, [first.id, second.id]));
    expect(await facts(other.id)).toMatchObject({
      approvedUntil: null,
      certified: false,
      lastVerifiedAt: null,
      status: 'self-declared',
    });
  });

  it("is filled by the migration's backfill for rows written before it", async () => {
    const db = t.database.db;
    const { site } = await seedShop(t);
    const reviewedAt = new Date('2026-03-01T09:00:00.000Z');
    await certificate(site.id, 'C', { status: 'approved', expiresOn: '2026-09-30', reviewedAt });
    await certificate(site.id, 'D', { status: 'pending' });
    const kept = await facts(site.id);
    await db
      .update(sites)
      .set({ halalApprovedUntil: null, halalCertified: false, halalLastVerifiedAt: null })
      .where(eq(sites.id, site.id));
    expect(await facts(site.id)).toMatchObject({ status: 'self-declared' });
    await db.execute(sql.raw(BACKFILL));
    expect(await facts(site.id)).toEqual(kept);
    expect(kept).toMatchObject({ approvedUntil: '2026-09-30', certified: true, status: 'verified' });
  });

  it('lets a location with certificates be deleted (the cascade refreshes a row that is gone)', async () => {
    const db = t.database.db;
    const { site } = await seedShop(t);
    await certificate(site.id, 'E', { status: 'approved', reviewedAt: new Date() });
    await db.delete(sites).where(eq(sites.id, site.id));
    expect(await db.select().from(halalCertificates).where(eq(halalCertificates.siteId, site.id))).toEqual([]);
  });
});

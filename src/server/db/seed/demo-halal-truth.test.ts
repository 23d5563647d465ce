import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '../../../domain/halal-facts';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { halalCertificates, siteHalalFacts, sites, uploads } from '../schema/index';
import { DEMO_PASSWORD } from './demo-accounts';
import { catalogSeedBrands } from './demo-restaurants';
import { seedDemo } from './seed-demo';
import { PENDING_REVIEW_SLUG, RENEWS_SOON_SLUG } from './seed-halal';

type Card = { id: string; slug: string; halalStatus: string };

let t: TestApp;
let uploadDir: string;

beforeAll(async () => {
  t = await createTestApp();
  uploadDir = t.app.deps.config.uploads.dir;
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
});
afterAll(async () => t.close());

async function search(query: string): Promise<{ total: number; restaurants: Card[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/search${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Sites with an approved certificate current today, read straight from the certificates. */
async function currentlyCertified(): Promise<Set<string>> {
  const rows = await t.database.db
    .select({ siteId: halalCertificates.siteId })
    .from(halalCertificates)
    .where(and(eq(halalCertificates.status, 'approved'), gte(halalCertificates.expiresOn, londonDate(new Date()))));
  return new Set(rows.map((r) => r.siteId));
}

describe('the demo data tells the truth about halal', () => {
  it('in every city, shows "Halal Verified" only with a current approved certificate, and the chip lists exactly those', async () => {
    const certified = await currentlyCertified();
    let verifiedSeen = 0;
    for (const city of UK_CITIES) {
      const all = await search(`?location=${encodeURIComponent(city.name)}&limit=100`);
      expect(all.total, city.name).toBe(all.restaurants.length);
      expect(all.total, city.name).toBeGreaterThan(0);
      const badged = all.restaurants.filter((c) => c.halalStatus === 'verified');
      for (const c of badged) expect(certified.has(c.id), `${city.name}: ${c.slug}`).toBe(true);
      // Nobody with a current certificate (and no suspension) goes without the badge either.
      for (const c of all.restaurants) if (certified.has(c.id)) expect(c.halalStatus, c.slug).toBe('verified');
      const chip = await search(`?location=${encodeURIComponent(city.name)}&filters=verified&limit=100`);
      expect(chip.restaurants.map((c) => c.slug).sort(), city.name).toEqual(badged.map((c) => c.slug).sort());
      verifiedSeen += badged.length;
    }
    expect(verifiedSeen).toBeGreaterThan(50);
  });

  it('gives every branch the status its demo story tells, with a panel that shows the evidence', async () => {
    const planned = catalogSeedBrands().flatMap((b) => b.sites);
    const statuses = new Set<string>();
    for (const s of planned) {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${s.slug}/halal` });
      expect(res.statusCode, s.slug).toBe(200);
      const panel = res.json();
      expect(panel.halalStatus, s.slug).toBe(s.halalStatus);
      statuses.add(panel.halalStatus);
      expect(panel.facts, s.slug).not.toBeNull();
      if (s.halalStatus === 'verified') {
        expect(panel.certificate, s.slug).toMatchObject({
          certificateNumber: expect.any(String),
          expiresOn: expect.any(String),
        });
        expect(panel.facts.slaughterMethod, s.slug).not.toBe('not_stated');
        expect(panel.lastVerifiedAt, s.slug).not.toBeNull();
      } else {
        expect(panel.certificate, s.slug).toBeNull();
      }
    }
    expect([...statuses].sort()).toEqual(['self-declared', 'temp-unverified', 'verified']);
    expect(planned.filter((s) => s.halalStatus === 'self-declared').length).toBeGreaterThanOrEqual(3);
  });

  it('stores a document for every certificate', async () => {
    const docs = await t.database.db
      .select({ key: uploads.storageKey, purpose: uploads.purpose })
      .from(halalCertificates)
      .innerJoin(uploads, eq(uploads.id, halalCertificates.uploadId));
    expect(docs.length).toBeGreaterThan(50);
    for (const d of docs) {
      expect(d.purpose).toBe('halal_certificate');
      expect(existsSync(path.join(uploadDir, d.key)), d.key).toBe(true);
    }
  });

  it("puts one certificate in the verifier's queue and tells the demo partner one renews soon", async () => {
    const admin = await signIn(t, 'admin@halalnosh.test', DEMO_PASSWORD);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/halal/certificates',
      headers: { cookie: admin },
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().certificates.map((c: { siteSlug: string }) => c.siteSlug)).toEqual([PENDING_REVIEW_SLUG]);

    const partner = await signIn(t, 'partner@halalnosh.test', DEMO_PASSWORD);
    const [site] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.slug, RENEWS_SOON_SLUG));
    const halal = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${site.id}/halal`,
      headers: { cookie: partner },
    });
    expect(halal.statusCode, halal.body).toBe(200);
    expect(halal.json()).toMatchObject({ halalStatus: 'verified', renewsSoon: true });
    const [other] = await t.database.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.slug, 'kervan-ocakbasi-dalston'));
    const calm = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${other.id}/halal`,
      headers: { cookie: partner },
    });
    expect(calm.json()).toMatchObject({ halalStatus: 'verified', renewsSoon: false });
  });

  it('seeds again without adding anything', async () => {
    const count = async () => {
      const [c] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(halalCertificates);
      const [f] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(siteHalalFacts);
      return [c.n, f.n];
    };
    const before = await count();
    await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
    expect(await count()).toEqual(before);
  });

  it('answers a cached search afresh once the pending certificate is approved', async () => {
    const chip = async () =>
      (await search('?location=London&filters=verified&limit=100')).restaurants.map((c) => c.slug);
    expect(await chip()).not.toContain(PENDING_REVIEW_SLUG);
    // Asked twice: the second answer came from the response cache.
    expect(await chip()).not.toContain(PENDING_REVIEW_SLUG);
    const admin = await signIn(t, 'admin@halalnosh.test', DEMO_PASSWORD);
    const [pending] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/halal/certificates', headers: { cookie: admin } })
    ).json().certificates;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/halal/certificates/${pending.id}/approve`,
      headers: { cookie: admin },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await chip()).toContain(PENDING_REVIEW_SLUG);
    const card = (await search('?location=London&limit=100')).restaurants.find((c) => c.slug === PENDING_REVIEW_SLUG);
    expect(card?.halalStatus).toBe('verified');
  });
});

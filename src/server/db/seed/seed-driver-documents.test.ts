import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { driverDocuments, user } from '../schema/index';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedDemo } from './seed-demo';
import { seedDriverDocuments } from './seed-driver-documents';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
});
afterAll(async () => t.close());

describe('demo driver documents', () => {
  it('gives the pending demo driver a PNG photo ID, a PDF right to work and a PNG insurance, once', async () => {
    const [driver] = await t.database.db.select().from(user).where(eq(user.email, 'pending.driver@halalnosh.test'));
    const docs = await t.database.db.select().from(driverDocuments).where(eq(driverDocuments.driverId, driver.id));
    expect(docs.map((d) => d.kind).sort()).toEqual(['insurance', 'photo_id', 'right_to_work']);
    expect(await seedDriverDocuments(t.database.db, { storage: t.app.deps.uploadStorage, driverId: driver.id })).toBe(
      0,
    );

    const cookie = await signIn(t, 'ops@halalnosh.test', DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/drivers/${driver.id}/documents`,
      headers: { cookie },
    });
    const body = res.json();
    expect(body.missing).toEqual([]);
    expect(body.documents.map((d: { contentType: string }) => d.contentType)).toEqual([
      'image/webp',
      'application/pdf',
      'image/webp',
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: body.documents[1].url, headers: { cookie } });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body).toContain('startxref');
  });
});

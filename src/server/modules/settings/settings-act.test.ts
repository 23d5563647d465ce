import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, mailOutbox, sites } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call as adminCall } from '../admin/test-fixtures';
import { type PartnerWorld, call, partnerWorld } from '../partner/test-fixtures';

/*
 * Settings that act (docs/decisions/0151-settings-that-act.md): the default delivery fee and the max
 * delivery radius on locations; the company name and support phone in the footer and in messages
 * (docs/decisions/0171-company-details-in-messages.md); the terms version on partners' and drivers'
 * work (docs/decisions/0154-terms-acceptance.md). Receipts and status e-mails are checked in
 * notifications.test.ts, account e-mails in auth.test.ts.
 */

let t: TestApp;
let admins: Record<AdminRole, Caller>;
let w: PartnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  w = await partnerWorld(t);
});
afterAll(async () => t.close());

const setting = (key: string, value: unknown) =>
  adminCall(t, admins.ops_manager, 'PUT', `/api/admin/settings/${key}`, { value });
const newSite = (body: Record<string, unknown>) =>
  call(t, 'POST', `/api/partner/brands/${w.brandA.id}/sites`, w.owner.cookie, {
    address: '1 Whitechapel Road',
    city: 'London',
    postcode: 'E1 1AA',
    lat: 51.5,
    lng: -0.07,
    ...body,
  });

describe('the default delivery fee', () => {
  it('seeds a new location that names no fee of its own', async () => {
    expect((await setting('default_delivery_fee', 349)).statusCode).toBe(200);
    const res = await newSite({ name: 'Seeded Fee' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().site.deliveryFeeMinor).toBe(349);
    const own = await newSite({ name: 'Own Fee', deliveryFeeMinor: 0 });
    expect(own.json().site.deliveryFeeMinor).toBe(0);
  });
});

describe('the max delivery radius', () => {
  it('refuses a larger radius on a new or edited location, with the limit in the message', async () => {
    expect((await setting('max_delivery_radius', 3)).statusCode).toBe(200);
    const big = await newSite({ name: 'Too Far', deliveryRadiusKm: 5 });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe('Delivery radius is at most 3 km on HalalNosh');
    const edit = await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, { deliveryRadiusKm: 4 });
    expect(edit.statusCode).toBe(400);
    const fits = await newSite({ name: 'Near Enough' });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json().site.deliveryRadiusKm).toBe(3);
  });

  it('bounds the locations that delivered further when it is lowered, audited', async () => {
    expect((await setting('max_delivery_radius', 10)).statusCode).toBe(200);
    await t.database.db.update(sites).set({ deliveryRadiusKm: 8 }).where(eq(sites.id, w.a2.id));
    expect((await setting('max_delivery_radius', 2.5)).statusCode).toBe(200);
    const [a2] = await t.database.db.select().from(sites).where(eq(sites.id, w.a2.id));
    expect(a2.deliveryRadiusKm).toBe(2.5);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'max_delivery_radius'));
    expect(entries.at(-1)?.details).toMatchObject({ from: 10, to: 2.5, locationsBounded: expect.any(Number) });
  });
});

describe('the company name and support phone', () => {
  it('are public, and change when an admin changes them', async () => {
    expect((await setting('company_name', 'HalalNosh UK')).statusCode).toBe(200);
    expect((await setting('support_phone', '020 7946 0999')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/platform' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ companyName: 'HalalNosh UK', supportPhone: '020 7946 0999', serviceFeePercent: 0 });
  });

  it('name the company and its support phone in the next invitation e-mail', async () => {
    const res = await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie, {
      email: 'grill.hand@example.com',
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'grill.hand@example.com'));
    expect(mail.subject).toBe(`You're invited to join ${w.brandA.name} on HalalNosh UK`);
    expect(mail.text).toContain('--\nHalalNosh UK · Customer support: 020 7946 0999');
  });
});

describe('the service fee', () => {
  it('is public, so the basket shows what checkout will charge', async () => {
    expect((await setting('service_fee_percent', 4)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/platform' });
    expect(res.json().serviceFeePercent).toBe(4);
    await setting('service_fee_percent', 0);
  });
});

describe('the terms version', () => {
  it("refuses a partner's work once it moves on, until they accept the new version", async () => {
    expect((await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, { isOpen: true })).statusCode).toBe(
      200,
    );
    expect((await setting('terms_version', '1.1')).statusCode).toBe(200);
    // Closing is never held back (docs/decisions/0206-new-terms-hold-back-new-work-only.md); reopening is new work.
    expect(
      (await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, { isOpen: false })).statusCode,
    ).toBe(200);
    const refused = await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, { isOpen: true });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'TERMS_NOT_ACCEPTED']);
    expect((await call(t, 'POST', '/api/terms/accept', w.owner.cookie, { version: '1.1' })).statusCode).toBe(200);
    expect((await call(t, 'PATCH', `/api/partner/sites/${w.a1.id}`, w.owner.cookie, { isOpen: true })).statusCode).toBe(
      200,
    );
  });
});

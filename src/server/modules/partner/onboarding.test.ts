import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { READINESS_TODO, REVIEW_REFUSALS } from '../../../domain/restaurant-review';
import {
  auditLog,
  menuItems,
  menuSections,
  menus,
  notificationOutbox,
  sites,
  userProfiles,
} from '../../db/schema/index';
import { seedCities } from '../../db/seed/seed-catalog';
import { TEST_ORIGIN, type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole } from '../admin/test-fixtures';
import { type PartnerWorld, call, partnerWorld } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;
let admins: Record<AdminRole, Caller>;
let siteId: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  admins = await adminsOfEveryRole(t);
  await seedCities(t.database.db);
});
afterAll(async () => t.close());

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };
const review = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/admin/restaurants/${id}/review`, cookie, body);
const listedIn = async (city = 'london') => {
  const res = await call(t, 'GET', `/api/restaurants/search?location=${city}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().restaurants as { id: string }[]).map((r) => r.id);
};
const auditOf = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actionType, action), eq(auditLog.entityId, entityId)));
const mailsAbout = (eventPrefix: string) =>
  t.database.db
    .select({
      email: notificationOutbox.recipientEmail,
      eventId: notificationOutbox.eventId,
      payload: notificationOutbox.payload,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventKind, 'restaurantReview'))
    .then((rows) => rows.filter((r) => r.eventId.startsWith(eventPrefix)));

describe('partner sign-up', () => {
  it('creates a partner account that must confirm its e-mail first', async () => {
    const email = `new.partner.${w.tag}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: {
        email,
        password: 'a-long-password-1',
        name: 'Nadia Rahman',
        userType: 'partner',
        callbackURL: '/auth/callback',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [profile] = await t.database.db.select().from(userProfiles).where(eq(userProfiles.email, email));
    expect(profile.userType).toBe('partner');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email, password: 'a-long-password-1' },
    });
    expect(signIn.statusCode).toBe(403);
  });
});

describe('a new location under review', () => {
  it('starts as a draft that customers cannot find, order from or open', async () => {
    const res = await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/sites`, w.owner.cookie, {
      name: 'Review Road',
      address: '10 Brick Lane',
      city: 'London',
      postcode: 'E1 6RF',
    });
    expect(res.statusCode, res.body).toBe(201);
    siteId = res.json().site.id;
    slug = res.json().site.slug;
    const onboarding = await call(t, 'GET', '/api/partner/onboarding', w.owner.cookie);
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    const brand = onboarding.json().brands.find((b: { id: string }) => b.id === w.brandA.id);
    expect(brand.sites.find((s: { id: string }) => s.id === siteId)).toMatchObject({
      reviewStatus: 'draft',
      menuItemCount: 0,
    });
    expect(await listedIn()).not.toContain(siteId);
    expect((await call(t, 'GET', `/api/restaurants/${slug}`)).statusCode).toBe(404);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...json, 'idempotency-key': `draft-${w.tag}` },
      payload: {
        siteId,
        orderType: 'PICKUP',
        customerName: 'Aisha Khan',
        customerPhone: '07700 900123',
        items: [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      },
    });
    expect([400, 404]).toContain(order.statusCode);
  });

  it("shows a partner only their own brands, and refuses another partner's or a manager's submission", async () => {
    const other = await call(t, 'GET', '/api/partner/onboarding', w.other.cookie);
    expect(other.json().brands.map((b: { id: string }) => b.id)).toEqual([w.brandB.id]);
    expect((await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`, w.other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/partner/sites/${w.a1.id}/submit-review`, w.manager.cookie)).statusCode).toBe(
      403,
    );
    expect((await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/partner/onboarding', w.customer.cookie)).statusCode).toBe(403);
  });

  it('reports each readiness check, and refuses a location off the map or never open with what to do', async () => {
    const mine = await call(t, 'GET', '/api/partner/onboarding', w.owner.cookie);
    const draft = mine
      .json()
      .brands.flatMap((b: { sites: unknown[] }) => b.sites)
      .find((s: { id: string }) => s.id === siteId);
    expect(draft).toMatchObject({
      readiness: { address: true, hours: true, delivery: true, menu: false },
      readyForReview: false,
    });

    const closedDay = { open: '09:00', close: '17:00', closed: true };
    const created = await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/sites`, w.owner.cookie, {
      name: 'Nowhere Yet',
      address: '1 Unknown Street',
      city: 'London',
      openingHours: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, closedDay]),
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const nowhere = created.json().site.id as string;
    const refused = await call(t, 'POST', `/api/partner/sites/${nowhere}/submit-review`, w.owner.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(READINESS_TODO.address);
    const placed = await call(t, 'PATCH', `/api/partner/sites/${nowhere}`, w.owner.cookie, { postcode: 'E1 6AN' });
    expect(placed.statusCode, placed.body).toBe(200);
    const stillClosed = await call(t, 'POST', `/api/partner/sites/${nowhere}/submit-review`, w.owner.cookie);
    expect(stillClosed.json().error.message).toBe(READINESS_TODO.hours);
    expect((await call(t, 'DELETE', `/api/partner/sites/${nowhere}`, w.owner.cookie)).statusCode).toBe(200);
  });

  it('needs a menu item before it can be submitted, then waits in the queue', async () => {
    const empty = await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`, w.owner.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Add at least one menu item before you submit for review.');
    const db = t.database.db;
    const [menu] = await db.insert(menus).values({ brandId: w.brandA.id }).returning();
    const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Grills' }).returning();
    await db.insert(menuItems).values({ menuId: menu.id, sectionId: section.id, name: 'Adana', priceMinor: 1200 });

    const res = await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`, w.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().site).toMatchObject({ reviewStatus: 'submitted', menuItemCount: 1, readyForReview: true });
    expect((await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`, w.owner.cookie)).statusCode).toBe(409);
    expect(await auditOf('restaurant_submitted', siteId)).toHaveLength(1);

    const queue = await call(t, 'GET', '/api/admin/restaurants', admins.ops_manager.cookie);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().restaurants.map((r: { siteId: string }) => r.siteId)).toEqual([siteId]);
    const detail = await call(t, 'GET', `/api/admin/restaurants/${siteId}`, admins.super_admin.cookie);
    expect(detail.json().restaurant).toMatchObject({
      siteName: 'Review Road',
      reviewStatus: 'submitted',
      halalStatus: 'Self Declared Halal',
      owners: expect.arrayContaining([{ name: expect.any(String), email: w.owner.email }]),
      menu: [{ section: 'Grills', name: 'Adana', priceMinor: 1200 }],
    });
  });

  it('lets only operations managers and super admins review', async () => {
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, 'GET', '/api/admin/restaurants', admins[role].cookie)).statusCode).toBe(403);
      expect((await review(admins[role].cookie, siteId, { action: 'approve' })).statusCode).toBe(403);
    }
    expect((await review(w.owner.cookie, siteId, { action: 'approve' })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/restaurants')).statusCode).toBe(401);
  });

  it('sends a location back with a message the partner reads, audited and e-mailed', async () => {
    expect((await review(admins.ops_manager.cookie, siteId, { action: 'request_changes' })).statusCode).toBe(400);
    const res = await review(admins.ops_manager.cookie, siteId, {
      action: 'request_changes',
      message: 'Please add a photo and a second dish.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await call(t, 'GET', '/api/partner/onboarding', w.owner.cookie);
    const site = mine
      .json()
      .brands.flatMap((b: { sites: unknown[] }) => b.sites)
      .find((s: { id: string }) => s.id === siteId);
    expect(site).toMatchObject({
      reviewStatus: 'changes_requested',
      reviewMessage: 'Please add a photo and a second dish.',
    });
    expect(await auditOf('restaurant_request_changes', siteId)).toHaveLength(1);
    const mails = await mailsAbout(`site-review:${siteId}:request_changes`);
    expect(mails.map((m) => m.email)).toEqual(expect.arrayContaining([w.owner.email, w.admin.email]));
    expect(mails[0].payload.text).toContain('Please add a photo and a second dish.');
    expect(await listedIn()).not.toContain(siteId);
  });

  // The realistic slip: ops open a location from the queue they saw before the partner was sent back,
  // and press Approve on the old version while the partner is still adding the photo and dish.
  it("refuses to approve a location while it waits for the partner's changes", async () => {
    const res = await review(admins.ops_manager.cookie, siteId, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(REVIEW_REFUSALS.approveWhileChangesRequested);
    const detail = await call(t, 'GET', `/api/admin/restaurants/${siteId}`, admins.super_admin.cookie);
    expect(detail.json().restaurant).toMatchObject({
      reviewStatus: 'changes_requested',
      reviewMessage: 'Please add a photo and a second dish.',
    });
    expect(await auditOf('restaurant_approve', siteId)).toHaveLength(0);
    expect(await listedIn()).not.toContain(siteId);
  });

  it('lists the location once approved, and takes it away while suspended', async () => {
    expect((await call(t, 'POST', `/api/partner/sites/${siteId}/submit-review`, w.owner.cookie)).statusCode).toBe(200);
    const approved = await review(admins.super_admin.cookie, siteId, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().restaurant).toMatchObject({ reviewStatus: 'approved', reviewMessage: null });
    expect(await listedIn()).toContain(siteId);
    expect((await call(t, 'GET', `/api/restaurants/${slug}`)).statusCode).toBe(200);
    expect((await mailsAbout(`site-review:${siteId}:approve`)).length).toBeGreaterThan(0);

    expect((await review(admins.ops_manager.cookie, siteId, { action: 'approve' })).statusCode).toBe(409);
    expect(
      (await review(admins.ops_manager.cookie, siteId, { action: 'suspend', message: 'Hygiene complaint' })).statusCode,
    ).toBe(200);
    expect(await listedIn()).not.toContain(siteId);
    expect((await call(t, 'GET', `/api/restaurants/${slug}`)).statusCode).toBe(404);
    expect((await review(admins.ops_manager.cookie, siteId, { action: 'reinstate' })).statusCode).toBe(200);
    expect(await listedIn()).toContain(siteId);
    expect(await auditOf('restaurant_suspend', siteId)).toHaveLength(1);
    expect(await auditOf('restaurant_reinstate', siteId)).toHaveLength(1);
  });

  it('suspends and reinstates a whole brand, e-mailing its owner and admins', async () => {
    const url = `/api/admin/brands/${w.brandA.id}/review`;
    expect((await call(t, 'POST', url, admins.ops_manager.cookie, { action: 'suspend' })).statusCode).toBe(400);
    const res = await call(t, 'POST', url, admins.ops_manager.cookie, { action: 'suspend', message: 'Unpaid fees' });
    expect(res.statusCode, res.body).toBe(200);
    const listed = await listedIn();
    expect(listed).not.toContain(siteId);
    expect(
      (await call(t, 'POST', url, admins.ops_manager.cookie, { action: 'suspend', message: 'x' })).statusCode,
    ).toBe(409);
    const mails = await mailsAbout(`brand-review:${w.brandA.id}:suspend`);
    expect(mails.map((m) => m.email).sort()).toEqual([w.admin.email, w.owner.email].sort());
    expect((await call(t, 'POST', url, admins.super_admin.cookie, { action: 'reinstate' })).statusCode).toBe(200);
    expect(await listedIn()).toContain(siteId);
    expect(await auditOf('brand_suspend', w.brandA.id)).toHaveLength(1);
    expect((await call(t, 'POST', url, admins.cs_agent.cookie, { action: 'reinstate' })).statusCode).toBe(403);
  });

  it('keeps existing locations approved', async () => {
    const [row] = await t.database.db.select({ s: sites.reviewStatus }).from(sites).where(eq(sites.id, w.b1.id));
    expect(row.s).toBe('approved');
  });
});

describe('terms version', () => {
  it('asks a partner to accept the current version, records it, and asks again after a change', async () => {
    // Test partners start with the current version accepted (insertAccount); this one never accepted any.
    await t.database.db
      .update(userProfiles)
      .set({ termsVersion: null, termsAcceptedAt: null })
      .where(eq(userProfiles.userId, w.other.id));
    const before = await call(t, 'GET', '/api/terms', w.other.cookie);
    expect(before.json()).toMatchObject({ version: '1.0', acceptedVersion: null, mustAccept: true });
    expect((await call(t, 'POST', '/api/terms/accept', w.other.cookie, { version: '0.9' })).statusCode).toBe(409);
    const accepted = await call(t, 'POST', '/api/terms/accept', w.other.cookie, { version: '1.0' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ acceptedVersion: '1.0', mustAccept: false });

    const changed = await call(t, 'PUT', '/api/admin/settings/terms_version', admins.ops_manager.cookie, {
      value: '2.0',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'GET', '/api/terms', w.other.cookie)).json()).toMatchObject({
      version: '2.0',
      acceptedVersion: '1.0',
      mustAccept: true,
    });
  });

  it('never asks a customer', async () => {
    expect((await call(t, 'GET', '/api/terms', w.customer.cookie)).json().mustAccept).toBe(false);
    expect((await call(t, 'GET', '/api/terms')).statusCode).toBe(401);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brandMemberships } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, partnerWorld } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
});
afterAll(async () => t.close());

const staffUrl = (userId: string, brandId = w.brandA.id) => `/api/partner/brands/${brandId}/staff/${userId}`;
const change = (cookie: string, userId: string, body: Record<string, unknown>, brandId?: string) =>
  call(t, 'PATCH', staffUrl(userId, brandId), cookie, body);
const remove = (cookie: string, userId: string, brandId?: string) =>
  call(t, 'DELETE', staffUrl(userId, brandId), cookie);
const ordersOf = (cookie: string, siteId: string) => call(t, 'GET', `/api/partner/sites/${siteId}/orders`, cookie);

describe("changing a staff member's role and locations", () => {
  it("moves a site manager's locations; their access follows at once; the change is audited", async () => {
    expect((await ordersOf(w.manager.cookie, w.a2.id)).statusCode).toBe(404);
    const res = await change(w.owner.cookie, w.manager.id, { role: 'site_manager', siteIds: [w.a1.id, w.a2.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toMatchObject({ userId: w.manager.id, role: 'site_manager' });
    expect(res.json().member.sites.map((s: { name: string }) => s.name)).toEqual(['Aldgate', 'Angel']);
    expect((await ordersOf(w.manager.cookie, w.a2.id)).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actionType, 'staff_changed'), eq(auditLog.entityId, w.brandA.id)));
    expect(entry.details).toMatchObject({ userId: w.manager.id, from: 'site_manager', to: 'site_manager' });
  });

  it('promotes a site manager to admin (every location, the staff page) and back', async () => {
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/staff`, w.manager.cookie)).statusCode).toBe(403);
    const up = await change(w.admin.cookie, w.manager.id, { role: 'admin' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().member).toMatchObject({ role: 'admin', sites: [] });
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/staff`, w.manager.cookie)).statusCode).toBe(200);
    const down = await change(w.owner.cookie, w.manager.id, { role: 'site_manager', siteIds: [w.a1.id] });
    expect(down.json().member.sites).toEqual([{ id: w.a1.id, name: 'Aldgate' }]);
    expect((await ordersOf(w.manager.cookie, w.a2.id)).statusCode).toBe(404);
  });

  it('refuses the owner, yourself, bad locations, strangers and site managers', async () => {
    expect((await change(w.admin.cookie, w.owner.id, { role: 'admin' })).statusCode).toBe(409);
    expect((await change(w.admin.cookie, w.admin.id, { role: 'site_manager', siteIds: [w.a1.id] })).statusCode).toBe(
      409,
    );
    expect((await change(w.owner.cookie, w.manager.id, { role: 'site_manager', siteIds: [] })).statusCode).toBe(400);
    const elsewhere = await change(w.owner.cookie, w.manager.id, { role: 'site_manager', siteIds: [w.b1.id] });
    expect(elsewhere.statusCode).toBe(400);
    // The edit dialog shows it under Locations (docs/decisions/0219-one-form-kit.md).
    expect(elsewhere.json().error.fields).toEqual([
      { in: 'body', path: 'siteIds', message: 'Select locations of this brand' },
    ]);
    expect((await change(w.owner.cookie, w.manager.id, { role: 'owner' })).statusCode).toBe(400);
    expect((await change(w.owner.cookie, w.other.id, { role: 'admin' })).statusCode).toBe(404);
    expect((await change(w.other.cookie, w.manager.id, { role: 'admin' })).statusCode).toBe(404);
    expect((await change(w.manager.cookie, w.admin.id, { role: 'site_manager', siteIds: [w.a1.id] })).statusCode).toBe(
      403,
    );
    const [row] = await t.database.db
      .select()
      .from(brandMemberships)
      .where(and(eq(brandMemberships.brandId, w.brandA.id), eq(brandMemberships.userId, w.owner.id)));
    expect(row.role).toBe('owner');
  });
});

describe('removing a staff member', () => {
  it('refuses the owner, yourself, strangers and site managers', async () => {
    expect((await remove(w.admin.cookie, w.owner.id)).statusCode).toBe(409);
    expect((await remove(w.admin.cookie, w.admin.id)).statusCode).toBe(409);
    expect((await remove(w.other.cookie, w.manager.id)).statusCode).toBe(404);
    expect((await remove(w.manager.cookie, w.admin.id)).statusCode).toBe(403);
  });

  it('takes the brand and its locations away at once, audited', async () => {
    expect((await ordersOf(w.manager.cookie, w.a1.id)).statusCode).toBe(200);
    const res = await remove(w.admin.cookie, w.manager.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ordersOf(w.manager.cookie, w.a1.id)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/partner/brands/${w.brandA.id}`, w.manager.cookie)).statusCode).toBe(404);
    const staff = (await call(t, 'GET', `/api/partner/brands/${w.brandA.id}/staff`, w.owner.cookie)).json().staff;
    expect(staff.map((m: { userId: string }) => m.userId)).not.toContain(w.manager.id);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.actionType, 'staff_removed'));
    expect(entry.details).toMatchObject({ userId: w.manager.id, role: 'site_manager' });
    expect((await remove(w.admin.cookie, w.manager.id)).statusCode).toBe(404);
  });
});

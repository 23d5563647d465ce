import type net from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_ROLES } from '../../../domain/roles';
import { mayOfferBrandRole } from '../../../domain/role-grants';
import { auditLog, brandMemberships, invitations, siteStaff, sites } from '../../db/schema/index';
import { openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, insertOrder, partnerWorld } from './test-fixtures';

/*
 * Staff access needs a CURRENT brand membership (docs/product/partner.md#staff): a site manager removed
 * from a brand kept reading the orders, halal page and live topic of its archived locations, whose
 * site links removal left behind.
 */

let t: TestApp;
let w: PartnerWorld;
let base: string;
let archivedOrder: { orderNumber: string };
let liveOrder: { orderNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  // Aldgate (A1, the manager's) has a past order, so deleting it archives it.
  archivedOrder = await insertOrder(t, w.a1.id, { status: 'DELIVERED', customerName: 'Aisha Khan' });
  liveOrder = await insertOrder(t, w.a2.id, { status: 'DELIVERED', customerName: 'Yusuf Rahman' });
});
afterAll(async () => t.close());

const order = (cookie: string, number: string) => call(t, 'GET', `/api/orders/${number}`, cookie);
const halal = (cookie: string, siteId: string) => call(t, 'GET', `/api/partner/sites/${siteId}/halal`, cookie);
async function follow(cookie: string, siteId: string): Promise<number> {
  const stream = await openStream(base, `/api/events?topics=site:${siteId}`, cookie);
  stream.close();
  return stream.status;
}

describe('a site manager removed from the brand', () => {
  it('keeps their archived location while they work for the brand', async () => {
    const del = await call(t, 'DELETE', `/api/partner/sites/${w.a1.id}`, w.owner.cookie);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ archived: true });
    expect((await order(w.manager.cookie, archivedOrder.orderNumber)).json().order.viewer).toBe('staff');
    expect((await halal(w.manager.cookie, w.a1.id)).statusCode).toBe(200);
    expect(await follow(w.manager.cookie, w.a1.id)).toBe(200);
  });

  it('loses its orders, halal page and live topic, archived location included, at once', async () => {
    const res = await call(t, 'DELETE', `/api/partner/brands/${w.brandA.id}/staff/${w.manager.id}`, w.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const seen = await order(w.manager.cookie, archivedOrder.orderNumber);
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
    expect(seen.body).not.toMatch(/Aisha|07700/);
    expect((await halal(w.manager.cookie, w.a1.id)).statusCode).toBe(404);
    expect(await follow(w.manager.cookie, w.a1.id)).toBe(403);
  });

  it('leaves no link to any of the brand’s locations, archived ones included', async () => {
    const brandSites = t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.brandId, w.brandA.id));
    const links = await t.database.db
      .select()
      .from(siteStaff)
      .where(and(eq(siteStaff.userId, w.manager.id), inArray(siteStaff.siteId, brandSites)));
    expect(links).toEqual([]);
  });
});

describe('a site link without a brand membership', () => {
  it('grants nothing: no orders, no halal page, no live topic', async () => {
    // A link left behind by an older removal: the partner of another brand named on Angel (A2).
    await t.database.db.insert(siteStaff).values({ siteId: w.a2.id, userId: w.other.id });
    expect((await order(w.other.cookie, liveOrder.orderNumber)).statusCode).toBe(404);
    expect((await halal(w.other.cookie, w.a2.id)).statusCode).toBe(404);
    expect(await follow(w.other.cookie, w.a2.id)).toBe(403);
    // The owner still sees it all.
    expect((await order(w.owner.cookie, liveOrder.orderNumber)).json().order.viewer).toBe('staff');
  });
});

describe('partner staff invitations: only roles within the inviter’s own', () => {
  it.each(BRAND_ROLES.flatMap((inviter) => BRAND_ROLES.map((offered) => ({ inviter, offered }))))(
    'a brand $inviter inviting someone as $offered',
    async ({ inviter, offered }) => {
      const db = t.database.db;
      const [holder] = await db
        .select({ userId: brandMemberships.userId })
        .from(brandMemberships)
        .where(and(eq(brandMemberships.brandId, w.brandA.id), eq(brandMemberships.role, inviter)));
      // The site manager was removed above; Angel's staff gets one again for this table.
      const cookie = holder
        ? [w.owner, w.admin, w.manager].find((p) => p.id === holder.userId)!.cookie
        : await (async () => {
            await db.insert(brandMemberships).values({ brandId: w.brandA.id, userId: w.manager.id, role: inviter });
            await db.insert(siteStaff).values({ siteId: w.a2.id, userId: w.manager.id });
            return w.manager.cookie;
          })();
      const email = `${inviter}.offers.${offered}@example.com`.replace(/_/g, '-');
      const sent = async () => (await db.select().from(auditLog).where(eq(auditLog.actionType, 'invite_sent'))).length;
      const before = await sent();
      const res = await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, cookie, {
        email,
        role: offered,
        siteIds: offered === 'site_manager' ? [w.a2.id] : [],
      });
      if (mayOfferBrandRole(inviter, offered)) {
        expect(res.statusCode, res.body).toBe(201);
        return;
      }
      // The owner is never offered (the contract's roles); a site manager offers nothing.
      expect(res.statusCode).toBe(offered === 'owner' ? 400 : 403);
      expect(res.json().error.message).toBeTruthy();
      expect(await db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
      expect(await sent()).toBe(before);
    },
  );
});

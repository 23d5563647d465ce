import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, insertOrder, partnerWorld } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
});
afterAll(async () => t.close());

describe('creating a brand', () => {
  it('makes the creator its owner, with every field stored', async () => {
    const res = await call(t, 'POST', '/api/partner/brands', w.other.cookie, {
      name: '  Marrakech Grill ',
      description: 'Tagines and grills',
      website: 'https://marrakech.example',
      email: 'Hello@Marrakech.example',
      phone: '020 7946 0000',
      logoUrl: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().brand).toMatchObject({
      name: 'Marrakech Grill',
      description: 'Tagines and grills',
      website: 'https://marrakech.example',
      email: 'hello@marrakech.example',
      // Kept in E.164, shown in UK style by the pages (docs/decisions/0208-phones-in-e164.md).
      phone: '+442079460000',
      logoUrl: null,
      role: 'owner',
      sites: [],
    });
  });

  it('lets a partner own several brands', async () => {
    const list = await call(t, 'GET', '/api/partner/brands', w.other.cookie);
    expect(list.json().brands.filter((b: { role: string }) => b.role === 'owner').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a blank name with the rule in the message', async () => {
    const res = await call(t, 'POST', '/api/partner/brands', w.owner.cookie, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Brand name is required');
  });

  it('refuses a malformed e-mail, website or logo', async () => {
    for (const body of [
      { email: 'not-an-email' },
      { website: 'javascript:alert(1)' },
      { logoUrl: 'http://insecure.example/x.png' },
    ]) {
      const res = await call(t, 'POST', '/api/partner/brands', w.owner.cookie, { name: 'X', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('accepts a logo uploaded to HalalNosh', async () => {
    const res = await call(t, 'POST', '/api/partner/brands', w.owner.cookie, {
      name: 'Logo Brand',
      logoUrl: '/api/uploads/0b8f2f8e-6a43-4c1e-9d5b-6a1f7a3c2b10',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('editing a brand', () => {
  it('changes only the fields sent, for the owner', async () => {
    const res = await call(t, 'PATCH', `/api/partner/brands/${w.brandA.id}`, w.owner.cookie, {
      description: 'Charcoal grill',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().brand).toMatchObject({ name: w.brandA.name, description: 'Charcoal grill' });
    const cleared = await call(t, 'PATCH', `/api/partner/brands/${w.brandA.id}`, w.admin.cookie, { description: '' });
    expect(cleared.json().brand.description).toBeNull();
  });

  it("answers 404 for another partner's brand and 403 for a site manager", async () => {
    expect(
      (await call(t, 'PATCH', `/api/partner/brands/${w.brandA.id}`, w.other.cookie, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/partner/brands/${w.brandA.id}`, w.manager.cookie, { name: 'Mine now' })).statusCode,
    ).toBe(403);
  });

  it('refuses a blank name', async () => {
    expect(
      (await call(t, 'PATCH', `/api/partner/brands/${w.brandA.id}`, w.owner.cookie, { name: '' })).statusCode,
    ).toBe(400);
  });
});

describe('listing brands', () => {
  it('shows a site manager only the locations named on them', async () => {
    const res = await call(t, 'GET', '/api/partner/brands', w.manager.cookie);
    const brand = res.json().brands.find((b: { id: string }) => b.id === w.brandA.id);
    expect(brand.role).toBe('site_manager');
    expect(brand.sites.map((s: { id: string }) => s.id)).toEqual([w.a1.id]);
  });

  it('shows the owner every location', async () => {
    const res = await call(t, 'GET', `/api/partner/brands/${w.brandA.id}`, w.owner.cookie);
    expect(res.json().brand.sites.map((s: { name: string }) => s.name)).toEqual(['Aldgate', 'Angel']);
  });
});

describe('the dashboard', () => {
  beforeAll(async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await insertOrder(t, w.a1.id, { status: 'PENDING', createdAt: minutesAgo(1) });
    await insertOrder(t, w.a1.id, { status: 'PENDING', createdAt: minutesAgo(2) });
    await insertOrder(t, w.a2.id, { status: 'PREPARING', createdAt: minutesAgo(3) });
    await insertOrder(t, w.a2.id, { status: 'DRIVER_ASSIGNED', createdAt: minutesAgo(4) });
    await insertOrder(t, w.a1.id, { status: 'OUT_FOR_DELIVERY', createdAt: minutesAgo(5) });
    await insertOrder(t, w.a1.id, { status: 'DELIVERED', createdAt: minutesAgo(6) });
    await insertOrder(t, w.a2.id, { status: 'REJECTED', createdAt: minutesAgo(7) });
    await insertOrder(t, w.b1.id, { status: 'PENDING', createdAt: minutesAgo(0) });
  });

  it('shows the 5 most recent orders and the pending and in-progress counts of the caller’s locations', async () => {
    const res = await call(t, 'GET', '/api/partner/dashboard', w.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.recentOrders).toHaveLength(5);
    expect(d.recentOrders.map((o: { status: string }) => o.status)).toEqual([
      'PENDING',
      'PENDING',
      'PREPARING',
      'DRIVER_ASSIGNED',
      'OUT_FOR_DELIVERY',
    ]);
    expect(d.recentOrders[0]).toMatchObject({ siteName: 'Aldgate', itemCount: 2, totalMinor: 1549 });
    expect(d.pendingCount).toBe(2);
    expect(d.inProgressCount).toBe(3);
  });

  it('counts a site manager’s own location only', async () => {
    const d = (await call(t, 'GET', '/api/partner/dashboard', w.manager.cookie)).json();
    expect(d.pendingCount).toBe(2);
    expect(d.inProgressCount).toBe(1);
    expect(d.recentOrders.every((o: { siteId: string }) => o.siteId === w.a1.id)).toBe(true);
  });

  it('narrows to one location, and answers 404 for a location the caller does not work at', async () => {
    const d = (await call(t, 'GET', `/api/partner/dashboard?siteId=${w.a2.id}`, w.owner.cookie)).json();
    expect(d.recentOrders).toHaveLength(3);
    expect((await call(t, 'GET', `/api/partner/dashboard?siteId=${w.a2.id}`, w.manager.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/partner/dashboard?siteId=${w.b1.id}`, w.owner.cookie)).statusCode).toBe(404);
  });

  it('shows a partner with no brand nothing', async () => {
    const fresh = await partnerWorld(t);
    const d = (await call(t, 'GET', '/api/partner/dashboard', fresh.other.cookie)).json();
    expect(d).toEqual({ recentOrders: [], pendingCount: 0, inProgressCount: 0, missedCount: 0 });
  });
});

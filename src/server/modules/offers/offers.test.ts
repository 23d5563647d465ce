import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menuItems, menuSections, menus } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type PartnerWorld, call, partnerWorld } from '../partner/test-fixtures';

let t: TestApp;
let w: PartnerWorld;
let naanId: string;
let otherItemId: string;

const percent = { kind: 'percent_off', percent: 20, capMinor: 500, startsOn: '2026-01-01' };

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  const db = t.database.db;
  const item = async (brandId: string, name: string) => {
    const [menu] = await db.insert(menus).values({ brandId }).returning();
    const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Sides' }).returning();
    const [row] = await db
      .insert(menuItems)
      .values({ menuId: menu.id, sectionId: section.id, name, priceMinor: 250 })
      .returning();
    return row.id;
  };
  naanId = await item(w.brandA.id, 'Garlic Naan');
  otherItemId = await item(w.brandB.id, 'Baklava');
});
afterAll(async () => t.close());

const offersUrl = () => `/api/partner/brands/${w.brandA.id}/offers`;

describe('making offers in the partner console', () => {
  it('creates a brand-wide offer with its label, and audits it', async () => {
    const res = await call(t, 'POST', offersUrl(), w.owner.cookie, percent);
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json().offer;
    expect(offer).toMatchObject({ kind: 'percent_off', siteId: null, label: '20% off, up to £5', live: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, offer.id), eq(auditLog.actionType, 'offer_created')));
    expect(entry.performedBy).toBe(w.owner.id);
  });

  it('creates a location offer with days and hours; figures the kind does not use are dropped', async () => {
    const res = await call(t, 'POST', offersUrl(), w.admin.cookie, {
      kind: 'free_item',
      siteId: w.a1.id,
      itemIds: [naanId],
      minSpendMinor: 1500,
      percent: 30,
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      days: ['friday', 'saturday'],
      from: '17:00',
      until: '22:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().offer).toMatchObject({
      siteName: 'Aldgate',
      percent: null,
      label: 'Free Garlic Naan when you spend £15',
      days: ['friday', 'saturday'],
    });
  });

  it('names the field it refuses', async () => {
    const cases: [unknown, string][] = [
      [{ ...percent, percent: null }, 'percent'],
      [{ ...percent, percent: 90 }, 'percent'],
      [{ kind: 'amount_off', amountMinor: 500, minSpendMinor: 400, startsOn: '2026-01-01' }, 'minSpendMinor'],
      [{ kind: 'free_item', itemIds: [otherItemId], startsOn: '2026-01-01' }, 'itemIds'],
      [{ ...percent, siteId: w.b1.id }, 'siteId'],
      [{ ...percent, startsOn: '1 Jan' }, 'startsOn'],
      [{ ...percent, from: '17:00' }, 'until'],
      [{ ...percent, extra: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'POST', offersUrl(), w.owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.json().error), JSON.stringify(body)).toContain(field);
    }
  });

  it('changes and ends an offer, each audited; an ended offer cannot be changed', async () => {
    const created = (await call(t, 'POST', offersUrl(), w.owner.cookie, percent)).json().offer;
    const changed = await call(t, 'PUT', `/api/partner/offers/${created.id}`, w.owner.cookie, {
      kind: 'free_delivery',
      minSpendMinor: 1500,
      startsOn: '2026-01-01',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().offer.label).toBe('Free delivery when you spend £15');
    const ended = await call(t, 'POST', `/api/partner/offers/${created.id}/end`, w.owner.cookie);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().offer).toMatchObject({ live: false });
    expect(ended.json().offer.endedAt).not.toBeNull();
    const again = await call(t, 'PUT', `/api/partner/offers/${created.id}`, w.owner.cookie, percent);
    expect(again.statusCode).toBe(409);
    const actions = await t.database.db
      .select({ action: auditLog.actionType })
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['offer_created', 'offer_ended', 'offer_updated']);
  });

  it('lists the brand’s offers to its members', async () => {
    const res = await call(t, 'GET', offersUrl(), w.manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().offers.length).toBeGreaterThanOrEqual(3);
  });
});

describe('who may touch offers', () => {
  it('401 for a stranger on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', offersUrl()],
      ['POST', offersUrl()],
      ['PUT', `/api/partner/offers/${id}`],
      ['POST', `/api/partner/offers/${id}/end`],
    ] as const) {
      const res = await call(t, method, url, undefined, percent);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('403 for a customer (wrong role) and for a site manager writing', async () => {
    expect((await call(t, 'GET', offersUrl(), w.customer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', offersUrl(), w.manager.cookie, percent)).statusCode).toBe(403);
    const created = (await call(t, 'POST', offersUrl(), w.owner.cookie, percent)).json().offer;
    expect((await call(t, 'PUT', `/api/partner/offers/${created.id}`, w.manager.cookie, percent)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/partner/offers/${created.id}/end`, w.manager.cookie)).statusCode).toBe(403);
  });

  it("404 for another partner: they cannot list, create on, change or end another brand's offers", async () => {
    expect((await call(t, 'GET', offersUrl(), w.other.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', offersUrl(), w.other.cookie, percent)).statusCode).toBe(404);
    const created = (await call(t, 'POST', offersUrl(), w.owner.cookie, percent)).json().offer;
    expect((await call(t, 'PUT', `/api/partner/offers/${created.id}`, w.other.cookie, percent)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/partner/offers/${created.id}/end`, w.other.cookie)).statusCode).toBe(404);
  });
});

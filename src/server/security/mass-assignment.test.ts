import { londonDate } from '../../domain/halal-facts';
import { siteHalalState } from '../modules/halal';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menuSections, menus, reviews, user, userProfiles } from '../db/schema/index';
import { type Method, injectAs } from '../test/inject-as';
import { ROUTE_EXPECTATIONS, routeKey } from '../test/route-expectations';
import { type World, buildWorld, changedTables, fingerprint } from '../test/security-world';
import { type TestApp, createTestApp, createUser } from '../test/test-app';
import { isStrict, shapeKeys } from '../test/zod-walk';

/**
 * OWASP API3 (mass assignment): fields a caller must never set — status, prices and totals,
 * roles and user types, someone else's ids, verification flags, ratings — sent alongside a valid
 * request. The finished modules' contracts are strict objects and refuse them with 400
 * (docs/decisions/0060-strict-request-contracts.md); the rest strip unknown fields before the handler runs, and the stored
 * rows prove they were ignored.
 */
let t: TestApp;
let w: World;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  // Someone no example ever touches: any row naming them afterwards came from an injected field.
  stranger = await createUser(t, { email: 'stranger@example.com', userType: 'customer', status: 'active' });
}, 180_000);
afterAll(async () => t?.close());

const SENTINEL_UUID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const SENTINEL_NUMBER = 424242;

/** The fields an attacker adds, with values that are easy to find if any of them were stored. */
function extras(w: World): Record<string, unknown> {
  return {
    id: SENTINEL_UUID,
    status: 'SENTINEL_STATUS',
    orderStatus: 'DELIVERED',
    priceMinor: SENTINEL_NUMBER,
    price: SENTINEL_NUMBER,
    unitPriceMinor: SENTINEL_NUMBER,
    subtotalMinor: SENTINEL_NUMBER,
    totalMinor: SENTINEL_NUMBER,
    deliveryFeeMinor: SENTINEL_NUMBER,
    total: SENTINEL_NUMBER,
    role: 'SENTINEL_ROLE',
    userType: 'SENTINEL_TYPE',
    user_type: 'SENTINEL_TYPE',
    adminRole: 'SENTINEL_ADMIN',
    admin_role: 'SENTINEL_ADMIN',
    driverId: stranger,
    driver_id: stranger,
    customerId: stranger,
    customer_id: stranger,
    userId: stranger,
    ownerId: stranger,
    createdBy: stranger,
    siteId: w.rows.siteY,
    brandId: w.rows.brandY,
    isVerified: true,
    is_verified: true,
    emailVerified: true,
    ratingAvg: SENTINEL_NUMBER,
    reviewCount: SENTINEL_NUMBER,
    halalStatus: 'SENTINEL_HALAL',
    paidOut: true,
    isAdmin: true,
    tenantId: 'SENTINEL_TENANT',
    createdAt: '1999-01-01T00:00:00.000Z',
  };
}

/** The injected fields a route's contract does not itself define. */
function extrasFor(w: World, body: unknown): Record<string, unknown> {
  const known = shapeKeys(body);
  return Object.fromEntries(Object.entries(extras(w)).filter(([k]) => !known.has(k)));
}

/** How many rows of each table mention each sentinel (one query): the counts must never grow. */
async function sentinelCounts(tables: string[]): Promise<Record<string, number>> {
  if (!tables.length) return {};
  const needles = [SENTINEL_UUID, String(SENTINEL_NUMBER), 'SENTINEL_', stranger, w.rows.siteY, w.rows.brandY];
  const sums = needles.map((n, i) => `count(*) filter (where x::text like '%${n}%')::int as n${i}`).join(', ');
  const query = tables.map((table) => `select '${table}' as t, ${sums} from "${table}" x`).join(' union all ');
  const out: Record<string, number> = {};
  for (const row of (await t.database.db.execute<Record<string, string | number>>(sql.raw(query))).rows) {
    needles.forEach((n, i) => (out[`${row.t} ~ ${n.slice(0, 12)}`] = Number(row[`n${i}`])));
  }
  return out;
}

/**
 * Write routes of the finished modules: their contracts must refuse unknown fields. POST
 * /api/orders is the one exception: docs/product/orders.md#prices has the checkout ignore prices a browser sends
 * (an old tab may still send them), so its contract strips them and the order is priced from the menu.
 */
const STRICT_ROUTES = [
  'POST /api/account/addresses',
  'PATCH /api/account/addresses/:id',
  'PUT /api/account/notifications',
  'POST /api/city-suggestions',
  'POST /api/driver/application',
  'PATCH /api/driver/availability',
  'PATCH /api/driver/postcode',
  'POST /api/driver/jobs/:jobId/arrival',
  'POST /api/driver/jobs/:jobId/verify-code',
  'POST /api/driver/jobs/:jobId/complete',
  'POST /api/orders/:orderNumber/report',
  'POST /api/orders/:orderNumber/rating',
  'POST /api/partner/orders/:orderId/actions',
  'PUT /api/restaurants/:siteId/reviews/mine',
];

describe("every write route's contract", () => {
  it('refuses or strips every field it does not define, before any handler sees the body', () => {
    const problems: string[] = [];
    for (const r of t.app.apiRoutes) {
      const schema = r.schema?.body as
        | { safeParse?: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { code: string }[] } } }
        | undefined;
      const example = ROUTE_EXPECTATIONS[routeKey(r)]?.example;
      if (!schema?.safeParse || !example) continue;
      const base = example(w).payload as Record<string, unknown>;
      const clean = schema.safeParse(base);
      if (!clean.success) {
        problems.push(`${routeKey(r)}: the example itself does not parse`);
        continue;
      }
      const attacked = schema.safeParse({ ...base, ...extrasFor(w, schema) });
      if (attacked.success) {
        const leaked = Object.keys(extrasFor(w, schema)).filter((k) => k in (attacked.data as object));
        if (leaked.length) problems.push(`${routeKey(r)} passes ${leaked.join(', ')} to its handler`);
        if (STRICT_ROUTES.includes(routeKey(r)))
          problems.push(`${routeKey(r)} should refuse unknown fields (z.strictObject)`);
      } else if (!attacked.error?.issues.some((i) => i.code === 'unrecognized_keys')) {
        problems.push(`${routeKey(r)} fails for another reason than the unknown fields`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("is strict for every finished module's write route", () => {
    const loose = STRICT_ROUTES.filter((k) => {
      const r = t.app.apiRoutes.find((x) => routeKey(x) === k);
      return !r || !isStrict(r.schema?.body);
    });
    expect(loose).toEqual([]);
  });
});

describe('every write route over HTTP', () => {
  it('answers the example plus forbidden fields with 400 and writes nothing, or ignores the fields', async () => {
    const problems: string[] = [];
    const writes = t.app.apiRoutes.filter(
      (r) => r.method !== 'GET' && r.schema?.body && ROUTE_EXPECTATIONS[routeKey(r)]?.example,
    );
    for (const r of writes) {
      const call = ROUTE_EXPECTATIONS[routeKey(r)].example!(w);
      const payload = { ...(call.payload as object), ...extrasFor(w, r.schema!.body) };
      const before = await fingerprint(t);
      const counts = await sentinelCounts(Object.keys(before));
      const res = await injectAs(w, r.method as Method, { ...call, payload });
      const changed = changedTables(before, await fingerprint(t));
      if (res.status >= 500) problems.push(`${routeKey(r)}: ${res.status}`);
      if (isStrict(r.schema!.body)) {
        if (res.status !== 400 || !/Unrecognized key/.test(res.body))
          problems.push(
            `${routeKey(r)}: expected 400 naming the unknown field, got ${res.status} ${res.body.slice(0, 120)}`,
          );
        if (changed.length) problems.push(`${routeKey(r)}: refused but wrote to ${changed.join(', ')}`);
        continue;
      }
      const after = await sentinelCounts(changed);
      for (const [k, n] of Object.entries(after))
        if (n > counts[k]) problems.push(`${routeKey(r)} stored an injected value: ${k}`);
    }
    expect(problems).toEqual([]);
    expect(writes.length).toBeGreaterThan(40);
  }, 120_000);
});

describe("fields that are part of a contract but never the caller's to choose", () => {
  it('keeps a review unverified whatever the body says', async () => {
    const res = await injectAs(w, 'PUT', {
      actor: 'customerB',
      url: `/api/restaurants/${w.rows.siteX2}/reviews/mine`,
      payload: { rating: 5, isVerified: true },
    });
    expect(res.status).toBe(400);
    const ok = await injectAs(w, 'PUT', {
      actor: 'customerB',
      url: `/api/restaurants/${w.rows.siteX2}/reviews/mine`,
      payload: { rating: 5 },
    });
    expect(ok.status).toBe(200);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.userId, w.actors.customerB.id!));
    expect(row.isVerified).toBe(false);
  });

  it("refuses prices, totals, status or owner in an order body, prices it from the menu, and refuses another brand's item", async () => {
    const base = ROUTE_EXPECTATIONS['POST /api/orders'].example!(w);
    const body = base.payload as { items: object[] };
    const claimed = await injectAs(w, 'POST', {
      ...base,
      headers: { 'idempotency-key': 'claimed-fields-0001' },
      payload: {
        ...body,
        items: [{ menuItemId: w.rows.itemX, quantity: 2, priceMinor: 1, unitPriceMinor: 1 }],
        totalMinor: 1,
        status: 'DELIVERED',
        customerId: stranger,
        driverId: stranger,
      },
    });
    // Requests are strict (docs/decisions/0105-one-contract-per-endpoint.md): each claimed field is named.
    expect(claimed.status).toBe(400);
    for (const field of ['priceMinor', 'unitPriceMinor', 'totalMinor', 'status', 'customerId', 'driverId']) {
      expect(claimed.body).toContain(field);
    }
    const priced = await injectAs(w, 'POST', {
      ...base,
      payload: { ...body, items: [{ menuItemId: w.rows.itemX, quantity: 2 }] },
    });
    expect(priced.status, priced.body).toBe(201);
    const order = (
      priced.json() as { order: { id: string; subtotalMinor: number; totalMinor: number; status: string } }
    ).order;
    expect(order).toMatchObject({ subtotalMinor: 1300, totalMinor: 1300 + 249, status: 'PENDING' });
    const [row] = (
      await t.database.db.execute<{ customer_id: string | null; driver_id: string | null }>(
        sql`select customer_id, driver_id from orders where id = ${order.id}`,
      )
    ).rows;
    expect(row).toEqual({ customer_id: w.actors.customerA.id, driver_id: null });
    const foreign = await injectAs(w, 'POST', {
      ...base,
      headers: { 'idempotency-key': 'foreign-item-0001' },
      payload: { ...body, items: [{ menuItemId: w.shop.items.foreign.id, quantity: 1 }] },
    });
    expect([400, 404, 409]).toContain(foreign.status);
  });

  it('does not let a partner declare their own halal status', async () => {
    const res = await injectAs(w, 'PATCH', {
      actor: 'ownerX',
      url: `/api/partner/sites/${w.rows.siteX1}`,
      payload: { halalStatus: 'verified', halalSuspendedAt: null, description: 'Certified!' },
    });
    expect(res.status).toBeLessThan(500);
    // The status is derived from certificates only (docs/decisions/0100-halal-status-derived.md); none was approved.
    const { halalStatus } = await siteHalalState(t.database.db, w.rows.siteX1, londonDate(new Date()));
    expect(halalStatus).not.toBe('verified');
  });

  it("does not move an item into another brand's menu", async () => {
    const [menuY] = await t.database.db.select().from(menus).where(eq(menus.brandId, w.rows.brandY));
    const [sectionY] = await t.database.db
      .select()
      .from(menuSections)
      .where(eq(menuSections.menuId, menuY.id))
      .limit(1);
    const res = await injectAs(w, 'PATCH', {
      actor: 'ownerX',
      url: `/api/partner/items/${w.rows.itemX}`,
      payload: { sectionId: sectionY.id },
    });
    expect([400, 403, 404, 409]).toContain(res.status);
    const [item] = await t.database.db.select().from(menuItems).where(eq(menuItems.id, w.rows.itemX));
    expect(item.sectionId).toBe(w.rows.sectionX);
  });

  it('refuses an owner role in a partner invitation and a super_admin invite from an ops manager', async () => {
    const owner = await injectAs(w, 'POST', {
      actor: 'ownerX',
      url: `/api/partner/brands/${w.rows.brandX}/invitations`,
      payload: { email: 'boss@example.com', role: 'owner' },
    });
    expect(owner.status).toBe(400);
    const superAdmin = await injectAs(w, 'POST', {
      actor: 'ops_manager',
      url: '/api/admin/team/invites',
      payload: { fullName: 'Boss', email: 'boss@example.com', role: 'super_admin' },
    });
    expect(superAdmin.status).toBe(403);
  });

  it('leaves a driver pending whatever the application says', async () => {
    const call = ROUTE_EXPECTATIONS['POST /api/driver/application'].example!(w);
    const res = await injectAs(w, 'POST', { ...call, payload: { ...(call.payload as object), status: 'approved' } });
    expect(res.status).toBe(400);
    expect(res.body).toContain('Unrecognized key');
    const [p] = await t.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, w.actors.pendingDriver.id!));
    expect(p.status).toBe('pending');
  });

  it('signs up an unconfirmed customer whatever role, type or verification the body claims', async () => {
    const email = 'claims.everything@example.com';
    const res = await injectAs(w, 'POST', {
      actor: 'visitor',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: {
        name: 'Claims',
        email,
        password: 'a-long-password',
        userType: 'customer',
        emailVerified: true,
        role: 'admin',
        adminRole: 'super_admin',
        status: 'active',
      },
    });
    expect(res.status).toBe(200);
    const [u] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(u.emailVerified).toBe(false);
    const [p] = await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, u.id));
    expect(p).toMatchObject({ userType: 'customer', adminRole: null });
  });
});

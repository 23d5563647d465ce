import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../domain/policies';
import { driverEarnings, reviews } from '../db/schema/index';
import { type Method, injectAs } from '../test/inject-as';
import { ROUTE_EXPECTATIONS, routeKey } from '../test/route-expectations';
import { ACTOR_NAMES, type World, buildWorld, changedTables, fingerprint } from '../test/security-world';
import { type TestApp, createTestApp } from '../test/test-app';

/**
 * OWASP API1 (broken object level authorization) and API5 (function level): every route of the
 * running app, for every kind of caller, against decide() in domain/policies.ts; and every route
 * that reaches a row, tried by people the row does not belong to.
 */
let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 180_000);
afterAll(async () => t?.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');

describe('the expectations table', () => {
  it('has a row for every route the app serves, and none for a route that is gone', () => {
    const served = new Set(t.app.apiRoutes.map(routeKey));
    const missing = [...served].filter((k) => !ROUTE_EXPECTATIONS[k]);
    expect(missing, 'add these routes to src/server/test/route-expectations.ts').toEqual([]);
    const stale = Object.entries(ROUTE_EXPECTATIONS)
      .filter(([k, e]) => !served.has(k) && !e.optional)
      .map(([k]) => k);
    expect(stale, 'these routes are no longer served').toEqual([]);
  });

  it('gives every write route a valid example call', () => {
    const writes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.schema?.body);
    const without = writes.map(routeKey).filter((k) => !ROUTE_EXPECTATIONS[k].example);
    expect(without).toEqual([]);
  });

  it("names someone else's rows for every customer, partner and driver route with a row id, or says why there are none", () => {
    for (const r of t.app.apiRoutes) {
      const e = ROUTE_EXPECTATIONS[routeKey(r)];
      if (typeof e.rows === 'string') expect(e.rows.length, routeKey(r)).toBeGreaterThan(10);
    }
    const idRoutes = t.app.apiRoutes.filter(
      (r) =>
        /:(?!slug)[A-Za-z]*Id\b|:id\b|:orderNumber/.test(r.url) &&
        ['customer', 'partner', 'driver'].includes(r.policy.kind),
    );
    const withoutProbes = idRoutes
      .map(routeKey)
      .filter((k) => typeof ROUTE_EXPECTATIONS[k].rows === 'string' && !k.includes('/reviews/mine'));
    expect(withoutProbes).toEqual([]);
  });
});

describe("someone else's rows", () => {
  it('are answered 403 or 404, never 200, and nothing is written', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const r of t.app.apiRoutes) {
      const e = ROUTE_EXPECTATIONS[routeKey(r)];
      if (typeof e.rows === 'string') continue;
      for (const p of await e.rows(w)) {
        probes++;
        const before = await fingerprint(t);
        const res = await injectAs(w, r.method as Method, p, { timeoutMs: 5000 });
        const changed = changedTables(before, await fingerprint(t));
        const allowed = p.expect ?? [403, 404];
        if (!allowed.includes(res.status))
          failures.push(`${p.actor} ${r.method} ${p.url} (${p.why}): ${res.status} ${res.body.slice(0, 160)}`);
        if (changed.length) failures.push(`${p.actor} ${r.method} ${p.url} (${p.why}) wrote to ${changed.join(', ')}`);
        if (res.status >= 400 && res.status !== 0)
          expect(res.json(), `${p.actor} ${r.method} ${p.url}`).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(80);
  });

  it("leave A's review as it was when B writes their own", async () => {
    const [before] = await t.database.db.select().from(reviews).where(eq(reviews.userId, w.actors.customerA.id!));
    const res = await injectAs(w, 'PUT', {
      actor: 'customerB',
      url: `/api/restaurants/${w.rows.siteX1}/reviews/mine`,
      payload: { rating: 1, comment: 'Meh' },
    });
    expect(res.status).toBe(200);
    const [after] = await t.database.db.select().from(reviews).where(eq(reviews.userId, w.actors.customerA.id!));
    expect(after).toEqual(before);
    const list = (
      await injectAs(w, 'GET', { actor: 'customerB', url: `/api/restaurants/${w.rows.siteX1}/reviews` })
    ).json() as { reviews: { id: string; mine: boolean }[] };
    expect(list.reviews.find((r) => r.id === before.id)?.mine).toBe(false);
  });

  it("never show up in another caller's lists", async () => {
    const get = async (actor: Parameters<typeof injectAs>[2]['actor'], url: string) =>
      (await injectAs(w, 'GET', { actor, url })).body;
    expect(await get('customerB', '/api/account/orders')).not.toContain(w.rows.orderA.number);
    expect(await get('customerB', '/api/account/addresses')).not.toContain(w.rows.addressA);
    expect(await get('customerB', '/api/push/subscriptions')).not.toContain(w.rows.pushSubscriptionA);
    expect(await get('partnerY', '/api/partner/brands')).not.toContain(w.rows.brandX);
    expect(await get('partnerY', '/api/partner/dashboard')).not.toContain(w.rows.orderA.number);
    expect(await get('otherDriver', '/api/driver/jobs')).not.toContain(w.rows.jobA.id);
    expect(await get('otherDriver', '/api/driver/earnings')).not.toContain(w.rows.earning);
    const manager = await get('managerX', '/api/partner/brands');
    expect(manager).toContain(w.rows.siteX1);
    expect(manager).not.toContain(w.rows.siteX2);
    const [earning] = await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.id, w.rows.earning));
    expect(earning.paidOut).toBe(false);
  });
});

describe('route policies', () => {
  it('answer every actor on every route exactly as decide() says: 401 for a stranger, 403 for a wrong role', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const r of t.app.apiRoutes) {
      const url = fill(r.url);
      for (const name of ACTOR_NAMES) {
        cells++;
        const expected = decide(r.policy, w.actors[name].actor);
        const res = await injectAs(w, r.method as Method, { actor: name, url }, { timeoutMs: 5000 });
        const ok =
          expected === 'unauthenticated'
            ? res.status === 401
            : expected === 'forbidden'
              ? res.status === 403
              : ![401, 403, 0].includes(res.status) && res.status < 500;
        if (!ok)
          failures.push(
            `${name} ${r.method} ${r.url}: expected ${expected}, got ${res.status} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(t.app.apiRoutes.length * ACTOR_NAMES.length);
  }, 120_000);
});

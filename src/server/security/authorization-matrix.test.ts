import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../domain/policies';
import { driverEarnings, reviews } from '../db/schema/index';
import { characterVariants, inParallel, structuralVariants } from '../test/address-variants';
import { type Method, injectAs } from '../test/inject-as';
import { ROUTE_EXPECTATIONS, routeKey } from '../test/route-expectations';
import { inFamily, threatModelRows } from '../test/threat-model';
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
  // Limits far above what the address variants send (each route is called some 180 times from one
  // address): the limits themselves are proven in abuse-limits.test.ts.
  const many = { perIp: 1_000_000, perAccount: 1_000_000 };
  t = await createTestApp({ rateLimits: { windowSeconds: 600, orders: many, reviews: many } });
  w = await buildWorld(t);
}, 300_000);
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

describe('the threat-model table in docs/security.md', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const rows = threatModelRows(path.join(root, 'docs/security.md'));

  it('names only families the app serves, and puts every served route in a family', () => {
    const urls = [...new Set(t.app.apiRoutes.map((r) => r.url))];
    // A family outside /api (the metrics listener) is served outside the route table: not checked here.
    const empty = rows
      .flatMap((row) => row.families)
      .filter((f) => inFamily(f, '/api'))
      .filter((f) => !urls.some((u) => inFamily(u, f)));
    expect(empty, 'these families match no served route').toEqual([]);
    const orphans = urls.filter((u) => !rows.some((row) => row.families.some((f) => inFamily(u, f))));
    expect(orphans, 'add these routes to a row of the threat-model table').toEqual([]);
  });

  it('names test files that exist, at least one per row, and fills every column', () => {
    for (const row of rows) {
      expect(row.families.length, row.asset).toBeGreaterThan(0);
      expect(row.tests.length, row.asset).toBeGreaterThan(0);
      expect(
        [row.asset, row.actor, row.control].every((c) => c.length > 3),
        row.asset,
      ).toBe(true);
    }
    const missing = rows.flatMap((row) => row.tests).filter((f) => !existsSync(path.join(root, f)));
    expect(missing).toEqual([]);
    expect(rows.length).toBeGreaterThan(15);
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

describe('address variants', () => {
  /**
   * Every route, for every actor, under other spellings of its address: each must get the
   * canonical address's answer or a 404, never more (never a 2xx or 3xx where the canonical answer
   * is 401 or 403, never another row's data): the hooks decide on the matched route, not the raw
   * address (docs/decisions/0196-policy-decided-by-the-matched-route.md).
   *
   * Run time on two cores shared with other work (about 180 routes x 14 actors): each actor sends
   * each route four spellings. The first is always the encoded prefix as reported (`/%61pi/…`).
   * The other three are dealt from the route's list of variants, one actor further on for each
   * route: first the structural ones (trailing slash, `//` at the start and after /api, `/./`,
   * `/x/../`, `;v=1` on the prefix, a query string), then one character percent-encoded at a time
   * (each character of the prefix and of every segment, upper- and lower-case escapes, ordered
   * across the segments). So every structural variant of every route is sent by some actor,
   * about 35 character variants of each route reach all its segments, and every actor meets
   * every route under four spellings: some 10,000 requests, eight at a time, instead of the
   * 30,000 of every variant for every actor.
   */
  it('answer exactly as the canonical address, or 404: never more', async () => {
    const failures: string[] = [];
    let sent = 0;
    const fillFresh = (url: string) =>
      url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, () => `x${randomUUID().slice(0, 8)}`);
    const cells = t.app.apiRoutes.flatMap((r, ri) =>
      ACTOR_NAMES.map((name, ai) => ({ r, ri, name, ai, url: fillFresh(r.url) })),
    );
    await inParallel(
      cells.map((cell) => async () => {
        const { r, name } = cell;
        const method = r.method as Method;
        const send = (url: string) => injectAs(w, method, { actor: name, url }, { timeoutMs: 5000 });
        const canonical = await send(cell.url);
        const denied = decide(r.policy, w.actors[name].actor) !== 'allow';
        const [prefix, ...others] = [...structuralVariants(cell.url), ...characterVariants(cell.url)];
        // The three variants dealt to this actor for this route.
        const n = ACTOR_NAMES.length;
        // A short address has fewer than 42 variants: its list goes round again.
        const dealt = [0, 1, 2].map((k) => others[(k * n + ((cell.ai + cell.ri) % n)) % others.length]);
        for (const v of [prefix, ...dealt]) {
          sent++;
          let res = await send(v.url);
          // No answer within 5 s on a busy machine: once more, with time to spare.
          if (res.status === 0 && canonical.status !== 0)
            res = await injectAs(w, method, { actor: name, url: v.url }, { timeoutMs: 30_000 });
          const where = `${name} ${r.method} ${v.url} (${v.name})`;
          if (res.status === 404 && res.status !== canonical.status) {
            if (!(res.json() as { error?: unknown })?.error) failures.push(`${where}: 404 not in the error shape`);
            continue;
          }
          if (res.status === canonical.status) {
            if (method === 'GET' && res.status < 300 && res.body !== canonical.body) {
              // Another answer: fine only when the canonical address's own answer moves on (a clock, a counter).
              const again = await send(cell.url);
              if (again.body === canonical.body) failures.push(`${where}: another answer than the canonical address's`);
            }
            continue;
          }
          if (denied) {
            failures.push(`${where}: ${res.status}, the canonical address is ${canonical.status}`);
            continue;
          }
          // Allowed callers: a strict query contract refuses the unknown parameter; a limit may refuse;
          // a write may have moved the row on since the canonical call.
          if (v.name === 'query string' && res.status === 400 && r.endpoint.query) continue;
          if (res.status === 429) continue;
          const again = await send(cell.url);
          if (res.status !== again.status)
            failures.push(`${where}: ${res.status}, the canonical address is ${canonical.status} then ${again.status}`);
        }
      }),
      8,
    );
    expect(failures).toEqual([]);
    expect(sent).toBe(t.app.apiRoutes.length * ACTOR_NAMES.length * 4);
  }, 600_000);
});

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../domain/contracts/endpoint';
import { type Actor, POLICIES, decide } from '../domain/policies';
import { contractGuard, route } from './http/route';
import { ADMIN_ROLES } from '../domain/roles';
import { defaultOpeningHours } from '../domain/opening-hours';
import { brandMemberships, brands, sites } from './db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from './test/test-app';

/**
 * Walks the running app's own route table, so a new route is covered the moment it is added:
 * a stranger gets 401 on every protected route, and every actor whose role the route's policy
 * refuses gets 403.
 */
let t: TestApp;
type Caller = { label: string; cookie: string; actor: Actor };
const callers: Caller[] = [];
let brandX: string;

const UUID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, UUID).replace(/\*$/, 'x');

beforeAll(async () => {
  t = await createTestApp();
  const accounts = [
    { label: 'customer', userType: 'customer', status: 'active' },
    { label: 'partner X', userType: 'partner' },
    { label: 'partner Y', userType: 'partner' },
    { label: 'approved driver', userType: 'driver', status: 'approved' },
    { label: 'pending driver', userType: 'driver', status: 'pending' },
    ...ADMIN_ROLES.map((role) => ({ label: role, userType: 'admin' as const, adminRole: role })),
  ] as const;
  for (const a of accounts) {
    const email = `${a.label.replace(/\s/g, '.')}@example.com`;
    await createUser(t, { email, ...a });
    const cookie = await signIn(t, email);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    callers.push({
      label: a.label,
      cookie,
      actor: { userId: me.id, email, name: me.name, userType: me.userType, status: me.status, adminRole: me.adminRole },
    });
  }
  const partnerX = callers.find((c) => c.label === 'partner X')!;
  const [b] = await t.database.db.insert(brands).values({ name: 'Brand X' }).returning();
  brandX = b.id;
  await t.database.db.insert(brandMemberships).values({ brandId: b.id, userId: partnerX.actor.userId, role: 'owner' });
  await t.database.db.insert(sites).values({
    brandId: b.id,
    name: 'Shoreditch',
    slug: 'brand-x-shoreditch',
    address: '1 High Street',
    city: 'London',
    openingHours: defaultOpeningHours(),
  });
});
afterAll(async () => t.close());

const protectedRoutes = () => t.app.apiRoutes.filter((r) => r.policy.kind !== 'public');

describe('route table', () => {
  it('has protected routes for every audience to check', () => {
    const kinds = new Set(protectedRoutes().map((r) => r.policy.kind));
    for (const kind of ['customer', 'partner', 'driver', 'admin']) expect(kinds).toContain(kind);
  });

  it('refuses to register an API route without a contract, or one that differs from it', async () => {
    const app = Fastify();
    app.addHook('onRoute', contractGuard([]));
    expect(() => app.get('/api/unguarded', async () => 'x')).toThrow(/declares no policy/);
    expect(() => app.get('/api/no-contract', { config: { policy: POLICIES.public } }, async () => 'x')).toThrow(
      /has no contract/,
    );
    const me = endpoint({ method: 'GET', path: '/api/me', policy: POLICIES.public, summary: 'me', responses: {} });
    expect(() => app.get('/api/other', { config: { policy: POLICIES.public, endpoint: me } }, async () => 'x')).toThrow(
      /differs from its contract/,
    );
    expect(() => route(app, me, async () => undefined)).not.toThrow();
  });

  it('registers every API route of the app from a contract', () => {
    for (const r of t.app.apiRoutes) {
      expect(r.endpoint.path, r.url).toBe(r.url);
      expect(r.endpoint.method, r.url).toBe(r.method);
      expect(r.endpoint.policy, r.url).toBe(r.policy);
    }
  });
});

describe('a stranger', () => {
  it('gets 401 on every protected route, whatever the body', async () => {
    const results = [];
    for (const r of protectedRoutes()) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        payload: r.method === 'GET' ? undefined : { junk: true },
      });
      results.push(`${r.method} ${r.url} ${res.statusCode}`);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(results.length).toBeGreaterThanOrEqual(5);
  });
});

describe('each role', () => {
  it('gets 403 exactly where the route policy refuses it', async () => {
    let refusals = 0;
    for (const r of protectedRoutes()) {
      for (const c of callers) {
        const res = await t.app.inject({ method: r.method as 'GET', url: fill(r.url), headers: { cookie: c.cookie } });
        const expected = decide(r.policy, c.actor);
        if (expected === 'forbidden') {
          refusals++;
          expect(res.statusCode, `${c.label} on ${r.method} ${r.url}`).toBe(403);
        } else {
          expect([401, 403], `${c.label} on ${r.method} ${r.url}`).not.toContain(res.statusCode);
        }
      }
    }
    expect(refusals).toBeGreaterThan(20);
  });
});

describe("someone else's row", () => {
  it("answers 404 to a partner asking for another partner's brand", async () => {
    const y = callers.find((c) => c.label === 'partner Y')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/brands/${brandX}`,
      headers: { cookie: y.cookie },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/partner/brands', headers: { cookie: y.cookie } });
    expect(list.json().brands).toEqual([]);
  });

  it('shows the owner their brand with its sites', async () => {
    const x = callers.find((c) => c.label === 'partner X')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/brands/${brandX}`,
      headers: { cookie: x.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().brand).toMatchObject({ name: 'Brand X', role: 'owner', sites: [{ name: 'Shoreditch' }] });
  });
});

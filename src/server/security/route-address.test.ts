import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints } from '../../domain/contracts/admin/endpoints';
import { authEndpoints } from '../../domain/contracts/auth/endpoints';
import { POLICIES } from '../../domain/policies';
import type { AdminRole } from '../../domain/roles';
import { type ApiRoute, addressCouldBeApi, contractGuard, route } from '../http/route';
import { auditLog, userProfiles } from '../db/schema/index';
import { type Caller, adminsOfEveryRole, driverWithDocuments, listen } from '../modules/admin/test-fixtures';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser } from '../test/test-app';

/**
 * A route's policy, CSRF check and input hygiene are decided by the route the router matched,
 * never by the raw address: the router decodes percent-escapes, so `/%61pi/admin/drivers` is
 * /api/admin/drivers (docs/decisions/0196-policy-decided-by-the-matched-route.md). The
 * authorization matrix replays every route under such variants; these are the findings as reported.
 */
let t: TestApp;
let admins: Record<AdminRole, Caller>;
let driver: Caller & { name: string };

beforeAll(async () => {
  // A minimal build, so the single-page fallback is served as in production.
  const dist = mkdtempSync(path.join(tmpdir(), 'halalnosh-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body>HalalNosh</body></html>');
  t = await createTestApp({ webDistDir: dist });
  admins = await adminsOfEveryRole(t);
  driver = await driverWithDocuments(t, { name: 'Yusuf Rahman', licence: 'RAHMA905123YU7AB', documents: [] });
}, 120_000);
afterAll(async () => t?.close());

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: userProfiles.status }).from(userProfiles).where(eq(userProfiles.userId, id)))[0]
    ?.status;
const auditsOf = async (id: string) =>
  (await t.database.db.select().from(auditLog)).filter((a) => JSON.stringify(a).includes(id)).length;

describe('an encoded /api prefix', () => {
  it("does not show a stranger every driver's name, phone and licence (GET /%61pi/admin/drivers)", async () => {
    for (const url of [
      '/%61pi/admin/drivers',
      '/%61pi/admin/drivers?q=Yusuf',
      '/ap%69/admin/drivers',
      '/api/%61dmin/drivers',
      '/api/admin/driver%73',
      '/%61%70%69/%61%64%6D%69%6E/drivers',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
      expect(res.body).not.toContain('Yusuf');
      expect(res.body).not.toContain('RAHMA905123YU7AB');
    }
  });

  it('does not let a stranger approve or suspend a driver (POST /%61pi/admin/drivers/:id/status)', async () => {
    expect(await statusOf(driver.id)).toBe('pending');
    const before = await auditsOf(driver.id);
    for (const action of ['approve', 'suspend']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/%61pi/admin/drivers/${driver.id}/status`,
        payload: { action },
      });
      expect(res.statusCode, action).toBe(401);
    }
    expect(await statusOf(driver.id)).toBe('pending');
    expect(await auditsOf(driver.id)).toBe(before);
  });

  it('still gives each admin role the answer its policy gives on the canonical address', async () => {
    for (const [role, expected] of [
      ['ops_manager', 200],
      ['cs_agent', 403],
      ['finance', 403],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/%61pi/admin/drivers',
        headers: { cookie: admins[role].cookie },
      });
      expect(res.statusCode, role).toBe(expected);
    }
  });

  it("refuses a cross-site write carrying an admin's cookie (CSRF), and writes nothing", async () => {
    const before = await auditsOf(driver.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/%61pi/admin/drivers/${driver.id}/status`,
      headers: { cookie: admins.ops_manager.cookie, origin: 'https://evil.example' },
      payload: { action: 'approve' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-site request refused' } });
    expect(await statusOf(driver.id)).toBe('pending');
    expect(await auditsOf(driver.id)).toBe(before);
  });

  it('refuses a NUL character in the query with a readable 400, as on the canonical address (input hygiene)', async () => {
    for (const url of ['/api/admin/drivers?q=Yu%00suf', '/%61pi/admin/drivers?q=Yu%00suf']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admins.ops_manager.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: { code: 'VALIDATION_ERROR', message: 'Text may not contain NUL characters' },
      });
    }
  });

  it('hands better-auth the canonical address, so an encoded sign-in is the same sign-in', async () => {
    const email = `sam.${Date.now()}@example.com`;
    await createUser(t, { email, userType: 'customer', name: 'Sam Ali' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/%65mail',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });
});

/** A request over a socket with the path exactly as written (app.inject resolves dot segments first). */
function raw(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}/`,
      { method, path, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('a trailing slash', () => {
  it('is another address: 404 where the router would read an empty parameter, never a 400 or the list', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cities' })).statusCode).toBe(200);
    for (const url of ['/api/cities/', '/%61pi/cities/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    // The policy still comes first: a stranger is told to sign in, as on the canonical address.
    expect((await t.app.inject({ method: 'GET', url: '/api/partner/brands/' })).statusCode).toBe(401);
  });
});

describe('dot segments as sent over the wire', () => {
  it('never reach a route past its policy', async () => {
    const base = await listen(t);
    for (const path of [
      '/api/./admin/drivers',
      '/api/x/../admin/drivers',
      '/%61pi/./admin/drivers',
      '/api/%2e/admin/drivers',
      '/api/x/%2e%2e/admin/drivers',
      '/api/auth/%2e%2e/admin/drivers',
      '/api/auth/..%2Fadmin/drivers',
      '/api/auth/../admin/drivers',
    ]) {
      const res = await raw(base, 'GET', path);
      expect([401, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('Yusuf');
    }
    const before = await auditsOf(driver.id);
    for (const path of [
      `/api/./admin/drivers/${driver.id}/status`,
      `/api/auth/%2e%2e/admin/drivers/${driver.id}/status`,
    ]) {
      const res = await raw(base, 'POST', path, { action: 'approve' });
      expect([401, 404], path).toContain(res.status);
    }
    expect(await statusOf(driver.id)).toBe('pending');
    expect(await auditsOf(driver.id)).toBe(before);
  });
});

describe('an address that reads as /api but matches no route', () => {
  it('is a 404 in the error shape, never the page (the single-page fallback)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/restaurants/london' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const url of [
      '/%61pi/nothing',
      '/%61pi',
      '/%2561pi/admin/drivers',
      '/API/admin/drivers',
      '/%41PI/admin/drivers',
      '/api/admin/drivers/',
      '//api/admin/drivers',
      '/api//admin/drivers',
      '/api;v=1/admin/drivers',
      '/x/..%2F%61pi/admin/drivers',
      '/%5C%61pi/admin/drivers',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });

  it('is recognised however it is spelt, and other pages are not mistaken for it', () => {
    for (const url of [
      '/api',
      '/api/',
      '/%61pi/x',
      '/Api/x',
      '/%252561pi/x',
      '/a/../api/x',
      '/./api',
      '/api;x',
      '\\api',
    ])
      expect(addressCouldBeApi(url), url).toBe(true);
    for (const url of ['/', '/apiary', '/api-docs', '/restaurants/london', '/restaurant/api', '/?x=/api/y'])
      expect(addressCouldBeApi(url), url).toBe(false);
  });
});

describe('registering a route that could answer an /api address', () => {
  const guarded = () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: ApiRoute[] = [];
    app.addHook('onRoute', contractGuard(routes));
    return { app, routes };
  };
  const handler = async () => ({ ok: true });

  it('fails without a contract and policy, whatever form the address takes', async () => {
    const attempts: [string, (app: ReturnType<typeof Fastify>) => unknown][] = [
      ['/api/x', (app) => app.get('/api/x', handler)],
      ['/api', (app) => app.get('/api', handler)],
      ['/api/', (app) => app.get('/api/', handler)],
      ['/API/x', (app) => app.get('/API/x', handler)],
      ['/Api', (app) => app.post('/Api', handler)],
      ['/:page', (app) => app.get('/:page', handler)],
      ['/*', (app) => app.get('/*', handler)],
      ['*', (app) => app.all('*', handler)],
      ['HEAD /api/x', (app) => app.head('/api/x', handler)],
      ['policy, no contract', (app) => app.get('/api/x', { config: { policy: POLICIES.public } }, handler)],
    ];
    for (const [what, register] of attempts) {
      const { app } = guarded();
      expect(() => register(app), what).toThrow(/API route/);
      await app.close();
    }
  });

  it('fails under a plugin prefix of /api too', async () => {
    for (const prefix of ['/api', '/api/', '/API']) {
      const { app } = guarded();
      void app.register(async (scope) => scope.get('/x', handler), { prefix });
      await expect(app.ready(), prefix).rejects.toThrow(/API route/);
    }
  });

  it('fails for a HEAD route of its own, even with a contract (HEAD only beside a GET)', async () => {
    const { app } = guarded();
    const e = adminEndpoints.postAdminDriversByDriverIdStatus;
    expect(() =>
      app.route({ method: 'HEAD', url: e.path, config: { policy: e.policy, endpoint: e }, handler }),
    ).toThrow(/differs from its contract/);
    await app.close();
  });

  it('records a route registered from its contract once, with the HEAD Fastify adds beside its GET', async () => {
    const { app, routes } = guarded();
    route(app, authEndpoints.getMe, async () => ({ user: null }) as never);
    await app.ready();
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/me']);
    expect(app.hasRoute({ method: 'HEAD', url: '/api/me' })).toBe(true);
    await app.close();
  });

  it('leaves pages and files alone', async () => {
    const { app, routes } = guarded();
    app.get('/', handler);
    app.get('/index.html', handler);
    app.get('/assets/app.js', handler);
    app.get('/restaurants/:city', handler);
    await app.ready();
    expect(routes).toEqual([]);
    await app.close();
  });
});

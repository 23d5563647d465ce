import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { type Endpoint, endpoint } from '../../domain/contracts/endpoint';
import { route } from '../http/route';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../domain/policies';
import { buildApp } from '../app';
import { customerAddresses } from '../db/schema/index';
import {
  type TestApp,
  TEST_ORIGIN,
  createTestApp,
  createUser,
  openTestDatabase,
  signIn,
  testConfig,
} from '../test/test-app';

/**
 * OWASP API8 (security misconfiguration), ASVS 3 (sessions), 4.2.2 (CSRF) and 14.4 (headers):
 * what a browser is told, what it is never given, and what a forged cross-site write gets.
 */
const SECRETS = {
  authSecret: 'auth-secret-for-the-hardening-test-0123456789',
  smtpPassword: 'smtp-pass-Zq81',
  routingKey: 'routing-key-Xv55',
  geocoderKey: 'geocoder-key-Lm29',
};

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    authSecret: SECRETS.authSecret,
    smtpUrl: `smtp://mailer:${SECRETS.smtpPassword}@127.0.0.1:1`,
    routingUrl: `http://127.0.0.1:1/route?key=${SECRETS.routingKey}`,
    geocoderUrl: `http://127.0.0.1:1/geo?key=${SECRETS.geocoderKey}`,
  });
  const accounts = {
    customer: { userType: 'customer', status: 'active' },
    partner: { userType: 'partner' },
    driver: { userType: 'driver', status: 'approved' },
    admin: { userType: 'admin', adminRole: 'super_admin' },
  } as const;
  for (const [name, a] of Object.entries(accounts)) {
    await createUser(t, { email: `${name}@example.com`, ...a });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
}, 120_000);
afterAll(async () => t?.close());

const address = { addressLine1: '1 Brick Lane', city: 'London', postcode: 'E1 6QL' };
const post = (headers: Record<string, string>, payload: object = address) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/addresses',
    headers: { cookie: cookies.customer, ...headers },
    payload,
  });
const count = async () => (await t.database.db.select().from(customerAddresses)).length;

describe('cross-site request forgery', () => {
  it('refuses a cookie-authenticated write from another origin with 403 and writes nothing', async () => {
    const before = await count();
    const forged: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of forged) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-site request refused' } });
    }
    expect(await count()).toBe(before);
  });

  it('accepts our own pages (Origin, Referer or Sec-Fetch-Site same-origin) and non-browser callers', async () => {
    const own: Record<string, string>[] = [
      { origin: TEST_ORIGIN },
      { referer: `${TEST_ORIGIN}/account` },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of own) {
      expect((await post(headers)).statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('lets a visitor without a session write from anywhere (there is no session to abuse)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/city-suggestions',
      headers: { origin: 'https://evil.example' },
      payload: { city: 'Leeds' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/addresses',
      headers: { cookie: cookies.customer, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('guards every write route of the API, whoever the session belongs to', async () => {
    const failures: string[] = [];
    const writes = t.app.apiRoutes.filter((r) => r.method !== 'GET');
    for (const r of writes) {
      for (const who of Object.keys(cookies)) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: r.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'update-user'),
          headers: { cookie: cookies[who], origin: 'https://evil.example', 'content-type': 'application/json' },
          payload: '{}',
        });
        if (res.statusCode !== 403 || res.json().error.message !== 'Cross-site request refused')
          failures.push(`${who} ${r.method} ${r.url}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(writes.length).toBeGreaterThan(40);
  });

  it('guards /api/auth too (better-auth switches its own origin check off under NODE_ENV=test)', async () => {
    for (const url of ['/api/auth/update-user', '/api/auth/sign-out', '/api/auth/revoke-other-sessions']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookies.partner, origin: 'https://evil.example' },
        payload: { name: 'Hacked' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookies.partner } });
    expect(me.json().user).toMatchObject({ name: 'Test User' });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: cookies.partner, origin: TEST_ORIGIN },
      payload: { name: 'Renamed' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('in production', () => {
  let prod: FastifyInstance;
  let drop: () => Promise<void>;
  const publicUrl = 'https://halalnosh.example';

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    prod = await buildApp(testConfig({ production: true, publicUrl }), { database: opened.database, logger: false });
    await prod.ready();
    await createUser(
      { app: prod, database: opened.database, url: null, close: async () => undefined },
      { email: 'prod@example.com', userType: 'customer', status: 'active' },
    );
  });
  afterAll(async () => {
    await prod?.close();
    await drop?.();
  });

  it('sets the session cookie httpOnly, Secure, SameSite=Lax with the __Secure- prefix, and keeps the token out of the body', async () => {
    const res = await prod.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: publicUrl },
      payload: { email: 'prod@example.com', password: 'correct-horse-battery' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(session.name).toBe('__Secure-better-auth.session_token');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(res.body).not.toContain(session.value.split('.')[0]);
    expect(res.json()).not.toHaveProperty('token');
  });

  it('sends HSTS behind HTTPS', async () => {
    const res = await prod.inject({ method: 'GET', url: '/api/health' });
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('trusts only PUBLIC_URL: the dev origins are cross-site there', async () => {
    const signedIn = await prod.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: publicUrl },
      payload: { email: 'prod@example.com', password: 'correct-horse-battery' },
    });
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const dev = await prod.inject({
      method: 'POST',
      url: '/api/account/addresses',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: address,
    });
    expect(dev.statusCode).toBe(403);
    const own = await prod.inject({
      method: 'POST',
      url: '/api/account/addresses',
      headers: { cookie, origin: publicUrl },
      payload: address,
    });
    expect(own.statusCode).toBe(201);
  });
});

describe('headers', () => {
  it('send a CSP without inline or eval scripts, no framing, a referrer policy and nosniff on API answers and pages', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'halalnosh-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
    const opened = await openTestDatabase();
    const withPages = await buildApp(testConfig({ webDistDir: dist }), { database: opened.database, logger: false });
    try {
      await withPages.ready();
      for (const url of ['/api/health', '/', '/restaurants/london', '/api/no-such-route']) {
        const res = await withPages.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(script, url).toContain("'self'");
        expect(script).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'self'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['strict-transport-security'], 'no HSTS on plain HTTP').toBeUndefined();
      }
    } finally {
      await withPages.close();
      await opened.drop();
    }
  });

  it('mark the session answers as not to be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookies.customer } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('secrets', () => {
  const leaks = (text: string) =>
    Object.entries(SECRETS)
      .filter(([, secret]) => text.includes(secret))
      .map(([name]) => name);

  it('never appear in API answers, for any audience', async () => {
    const reads: [string | null, string][] = [
      [null, '/api/health'],
      [null, '/api/me'],
      [null, '/api/cities'],
      [null, '/api/restaurants/search?location=E1%206AN'],
      ['customer', '/api/me'],
      ['customer', '/api/account/profile'],
      ['partner', '/api/me'],
      ['partner', '/api/partner/brands'],
      ['driver', '/api/me'],
      ['driver', '/api/driver/profile'],
      ['admin', '/api/me'],
      ['admin', '/api/admin/settings'],
      ['admin', '/api/admin/overview'],
      ['admin', '/api/admin/profile'],
    ];
    for (const [who, url] of reads) {
      const res = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });
      expect(res.statusCode, `${who} ${url}`).toBeLessThan(500);
      expect(leaks(res.body), `${who} ${url}`).toEqual([]);
      expect(leaks(JSON.stringify(res.headers)), `${who} ${url} headers`).toEqual([]);
    }
  });

  it('never appear in the built web app (when dist/ exists)', () => {
    const dist = path.resolve('dist');
    if (!existsSync(dist)) return;
    const secrets = [...Object.values(SECRETS)];
    for (const [name, value] of Object.entries(process.env)) {
      if (
        /SECRET|PASSWORD|SMTP_URL|DATABASE_URL|ROUTING_URL|GEOCODER_URL|_KEY$|TOKEN/.test(name) &&
        value &&
        value.length >= 12
      )
        secrets.push(value);
    }
    const ownSecret = path.resolve('data/auth-secret');
    if (existsSync(ownSecret)) secrets.push(readFileSync(ownSecret, 'utf8').trim());
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(dist);
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      for (const secret of secrets)
        if (text.includes(secret)) problems.push(`${path.relative(dist, file)} holds a secret`);
      for (const pattern of [
        /postgres(ql)?:\/\/[^"'\s]*:[^"'\s]*@/,
        /smtps?:\/\/[^"'\s]*:[^"'\s]*@/,
        /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
        /AUTH_SECRET\s*[:=]/,
      ]) {
        if (pattern.test(text)) problems.push(`${path.relative(dist, file)} matches ${pattern}`);
      }
    }
    expect(problems).toEqual([]);
    expect(files.length).toBeGreaterThan(3);
  });
});

describe('errors', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const SECRET_DETAIL = 'password=hunter2 at /work/main/src/server/db/client.ts:42';

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    app = await buildApp(testConfig(), { database: opened.database, logger: false });
    // Test-only routes, each failing in its own way, registered on this instance only.
    const test = (path: string, responses: Endpoint['responses'] = {}) =>
      endpoint({ method: 'GET', path, policy: POLICIES.public, summary: 'test', responses });
    route(app, test('/api/test/throws'), async () => {
      throw new Error(SECRET_DETAIL);
    });
    route(app, test('/api/test/throws-string'), async () => {
      throw SECRET_DETAIL as unknown as Error;
    });
    route(app, test('/api/test/upstream'), async () => {
      throw Object.assign(new Error(SECRET_DETAIL), { statusCode: 503 });
    });
    route(
      app,
      test('/api/test/bad-response', { 200: z.object({ ok: z.literal(true) }) }),
      async () => ({ ok: SECRET_DETAIL }) as never,
    );
    route(app, test('/api/test/db'), async () => {
      await opened.database.db.execute(sql.raw('select * from no_such_table_with_a_revealing_name'));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('answer 500 "Something went wrong" without the message, stack, file paths or SQL', async () => {
    for (const url of [
      '/api/test/throws',
      '/api/test/throws-string',
      '/api/test/upstream',
      '/api/test/bad-response',
      '/api/test/db',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(500);
      expect(res.json(), url).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
      expect(res.body).not.toMatch(/hunter2|\.ts:|no_such_table|\n\s+at /);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

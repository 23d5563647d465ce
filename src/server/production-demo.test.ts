import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { cities } from './db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { DEMO_IN_PRODUCTION_WARNING } from './modules/health/routes';
import { seedOnStart } from './start-up';
import { TEST_ORIGIN, openTestDatabase } from './test/test-app';

// docs/decisions/0197-no-demo-in-production-and-first-admin.md: a production server carries demo
// accounts only when DEMO=1 says so, and then says so at start and on /api/health.

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;
const opened: Opened[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((o) => o.drop()));
});

/** The configuration main.ts reads in production on the embedded database (the test's database stands in for it). */
function productionConfig(extra: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'halalnosh-prod-')),
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET: 'production-secret-'.padEnd(40, 'x'),
      ...extra,
    }),
    webDistDir: null,
    webRenderEntry: null,
    logLevel: 'silent',
    sweepers: false,
    signInLimitPerMinute: 1000,
  };
}

/** Starts as main.ts does (the start-up seed, then the app) on a fresh database. */
async function start(config: Config) {
  const o = await openTestDatabase();
  opened.push(o);
  await seedOnStart(o.database, config, () => undefined);
  const app = await buildApp(config, { database: o.database, logger: false });
  return { app, db: o.database.db };
}

const signInStatus = async (app: Awaited<ReturnType<typeof start>>['app'], email: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email, password: DEMO_PASSWORD },
    })
  ).statusCode;

describe('production start-up', () => {
  it('has no demo accounts on a fresh database: every README account fails to sign in with the demo password', async () => {
    const config = productionConfig();
    expect(config.demo).toBe(false);
    const { app, db } = await start(config);
    const warn = vi.spyOn(app.log, 'warn');
    await app.ready();
    for (const a of DEMO_ACCOUNTS) expect(await signInStatus(app, a.email), a.email).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      demo: false,
    });
    expect(warn).not.toHaveBeenCalledWith(DEMO_IN_PRODUCTION_WARNING);
    // The city directory is reference data, there in every mode.
    const [{ n }] = await db.select({ n: count() }).from(cities);
    expect(n).toBeGreaterThan(0);
    await app.close();
  }, 240_000);

  it('with DEMO=1 serves demo data, warns at start and says demo on /api/health, still without the dev outbox', async () => {
    const config = productionConfig({ DEMO: '1' });
    expect(config).toMatchObject({ demo: true, production: true });
    const { app } = await start(config);
    const warn = vi.spyOn(app.log, 'warn');
    await app.ready();
    expect(warn).toHaveBeenCalledWith(DEMO_IN_PRODUCTION_WARNING);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', demo: true });
    expect(await signInStatus(app, 'admin@halalnosh.test')).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    await app.close();
  }, 240_000);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { account, auditLog, cities, user } from './db/schema/index';
import { seedDemo } from './db/seed/seed-demo';
import type { Database } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { DEMO_IN_PRODUCTION_WARNING } from './modules/health/routes';
import { folderStorage } from './platform/upload-storage';
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

/**
 * Starts as main.ts does (the start-up seed, then the app) on a fresh database, or on one an
 * earlier start left (`before`); returns the start-up's warnings.
 */
async function start(config: Config, before?: (db: Database['db']) => Promise<void>) {
  const o = await openTestDatabase();
  opened.push(o);
  await before?.(o.database.db);
  const warnings: string[] = [];
  await seedOnStart(
    o.database,
    config,
    { info: () => undefined, warn: (m) => warnings.push(m) },
    folderStorage(config.uploads.dir),
  );
  const app = await buildApp(config, { database: o.database, logger: false });
  return { app, db: o.database.db, warnings };
}

const signInStatus = async (app: Awaited<ReturnType<typeof start>>['app'], email: string, password = DEMO_PASSWORD) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email, password },
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

  it('takes the published password from demo accounts an earlier production start seeded, audited, and leaves changed ones alone', async () => {
    const config = productionConfig();
    const { app, db, warnings } = await start(config, async (db) => {
      // Earlier releases seeded demo data in production on the embedded database.
      await seedDemo(db);
      const [finance] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'finance@halalnosh.test'));
      await db
        .update(account)
        .set({ password: await hashPassword('a-password-of-our-own') })
        .where(eq(account.userId, finance.id));
    });
    await app.ready();
    const changed = DEMO_ACCOUNTS.filter((a) => a.email !== 'finance@halalnosh.test');
    expect(warnings).toHaveLength(changed.length);
    expect(warnings).toContain(
      'Demo account admin@halalnosh.test still signed in with the published demo password: that password no longer works for it (reset its password, or remove the account).',
    );
    for (const a of changed) expect(await signInStatus(app, a.email), a.email).toBe(401);
    expect(await signInStatus(app, 'finance@halalnosh.test', 'a-password-of-our-own')).toBe(200);
    const audited = await db.select().from(auditLog).where(eq(auditLog.actionType, 'demo_password_retired'));
    expect(audited).toHaveLength(changed.length);
    await app.close();
  }, 300_000);
});

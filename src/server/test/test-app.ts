import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import type { DemoAccount } from '../db/seed/demo-accounts';
import { insertAccount } from '../db/seed/insert-account';
import { SETTING_DEFAULTS } from '../../domain/settings';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-battery';

/** A fresh database for one test file: in-memory PGlite, or a new database on DATABASE_URL's server. */
export async function openTestDatabase(): Promise<{
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite(null);
    return { database, url: null, drop: async () => database.close() };
  }
  const name = `halalnosh_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-test-'));
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      DEMO: '0',
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET: 'test-secret-'.padEnd(40, 'x'),
    }),
    signInLimitPerMinute: 1000,
    webDistDir: null,
    webRenderEntry: null,
    logLevel: 'silent',
    sweepers: false,
    ...overrides,
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  url: string | null;
  close(): Promise<void>;
};

/** Builds the real app on a fresh database; `build` passes options to buildApp (a log stream, held background tasks). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  existing?: { database: Database; url: string | null },
  build: Omit<NonNullable<Parameters<typeof buildApp>[1]>, 'database'> = {},
): Promise<TestApp> {
  const opened = existing ? { ...existing, drop: async () => undefined } : await openTestDatabase();
  const app = await buildApp(testConfig(overrides), { logger: false, ...build, database: opened.database });
  await app.ready();
  return {
    app,
    database: opened.database,
    url: opened.url,
    async close() {
      await app.close();
      await opened.drop();
    },
  };
}

let cachedHash: Promise<string> | null = null;

/**
 * Creates a confirmed account with the shared test password and returns its user id. A driver or
 * partner has accepted the default terms version unless `termsVersion` says otherwise (null: none;
 * docs/decisions/0154-terms-acceptance.md).
 */
export async function createUser(t: TestApp, a: Omit<DemoAccount, 'name'> & { name?: string }): Promise<string> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return insertAccount(
    t.database.db,
    { name: 'Test User', termsVersion: SETTING_DEFAULTS.terms_version, ...a },
    await cachedHash,
  );
}

/** Signs in through better-auth and returns the Cookie header for later requests. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

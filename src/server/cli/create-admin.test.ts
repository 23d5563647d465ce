import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openPglite } from '../db/client';
import { user } from '../db/schema/index';
import { TEST_ORIGIN, openTestDatabase, testConfig } from '../test/test-app';
import { CommandError, createSuperAdmin, parseCreateAdminArgs } from './create-admin';

// The first super_admin of a real deployment (docs/decisions/0197-no-demo-in-production-and-first-admin.md):
// the real command in a child process, against the embedded database in a data folder, or the
// test's PostgreSQL database when DATABASE_URL is set.

const TSX = path.resolve('node_modules/.bin/tsx');
const COMMAND = path.resolve('src/server/cli/create-admin-command.ts');
const PASSWORD = 'Mint tea at 4 o’clock';
const postgres = !!process.env.DATABASE_URL;

let dataDir: string;
let pg: Awaited<ReturnType<typeof openTestDatabase>> | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-create-admin-'));
  if (postgres) pg = await openTestDatabase();
});
afterAll(async () => pg?.drop());

/** Runs `npm run create-admin -- …` with `input` on standard input. */
function runCommand(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(TSX, [COMMAND, ...args], {
    env: { ...process.env, DATABASE_URL: pg?.url ?? '', DATA_DIR: dataDir, PUBLIC_URL: 'https://halalnosh.example' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The database the command wrote, opened by this process (which then holds an embedded folder). */
async function openWritten(): Promise<{ database: Database; close: () => Promise<void> }> {
  if (pg) return { database: pg.database, close: async () => undefined };
  const database = await openPglite(path.join(dataDir, 'pglite'), { thread: false });
  return { database, close: () => database.close() };
}

async function adminSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('create-admin arguments', () => {
  it('never takes the password as an argument, and names what is wrong', () => {
    expect(() => parseCreateAdminArgs(['--email', 'ops@example.co.uk', '--name', 'Sara', '--password', 'x'])).toThrow(
      /not taken as an argument/,
    );
    expect(() => parseCreateAdminArgs(['--email', 'ops@example.co.uk'])).toThrow(/--name/);
    expect(() => parseCreateAdminArgs(['--email', 'ops@', '--name', 'Sara Malik'])).toThrow(
      /--email must be a valid e-mail address/,
    );
    expect(() => parseCreateAdminArgs(['--mail', 'ops@example.co.uk'])).toThrow(/Unknown argument --mail/);
    expect(parseCreateAdminArgs(['--email=Ops@Example.co.uk', '--name', ' Sara Malik ', '--force'])).toEqual({
      email: 'ops@example.co.uk',
      name: 'Sara Malik',
      force: true,
    });
    expect(parseCreateAdminArgs(['--help'])).toBeNull();
  });
});

describe('npm run create-admin', () => {
  it('refuses bad input with a clear message and exit code 2, writing nothing', async () => {
    const badEmail = await runCommand(['--email', 'ops.example.co.uk', '--name', 'Sara Malik'], `${PASSWORD}\n`);
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('--email must be a valid e-mail address');
    const shortPassword = await runCommand(['--email', 'ops@example.co.uk', '--name', 'Sara Malik'], 'salam12\n');
    expect(shortPassword.code).toBe(2);
    expect(shortPassword.stderr).toContain('The password must be at least 8 characters');
    if (pg) {
      const [{ n }] = await pg.database.db.select({ n: count() }).from(user);
      expect(n).toBe(0);
    } else {
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    }
  }, 240_000);

  it('creates a super_admin who signs in at the admin sign-in and reaches an admin route; a second run refuses', async () => {
    const made = await runCommand(['--email', 'Ops@Example.co.uk', '--name', 'Sara Malik'], `${PASSWORD}\n`);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(
      'Created super_admin ops@example.co.uk (Sara Malik). They sign in at https://halalnosh.example/admin/login.',
    );

    const again = await runCommand(['--email', 'second@example.co.uk', '--name', 'Adam Shah'], `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A super_admin already exists (ops@example.co.uk); nothing was changed.');

    const written = await openWritten();
    const app = await buildApp(testConfig(), { database: written.database, logger: false });
    await app.ready();
    try {
      const cookie = await adminSignIn(app, 'ops@example.co.uk', PASSWORD);
      const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      expect(me.user).toMatchObject({ email: 'ops@example.co.uk', userType: 'admin', adminRole: 'super_admin' });
      // The audit log is for super_admins only, and records the command's creation.
      const audit = await app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } });
      expect(audit.statusCode).toBe(200);
      expect(audit.json().entries).toContainEqual(
        expect.objectContaining({ actionType: 'super_admin_created', performedByName: 'System' }),
      );
      const team = await app.inject({ method: 'GET', url: '/api/admin/team', headers: { cookie } });
      expect(team.statusCode).toBe(200);
      expect(JSON.stringify(team.json())).toContain('ops@example.co.uk');
      // An address that has an account is never taken over, not even with --force.
      await expect(
        createSuperAdmin(written.database.db, {
          email: 'ops@example.co.uk',
          name: 'Someone Else',
          force: true,
          password: 'another-password',
        }),
      ).rejects.toThrow(CommandError);

      if (!pg) {
        // The server holds the embedded folder: the command says so instead of opening it twice.
        const held = await runCommand(['--email', 'third@example.co.uk', '--name', 'Adam Shah'], `${PASSWORD}\n`);
        expect(held.code).toBe(1);
        expect(held.stderr).toContain('is in use by another process (the running server?)');
      }
    } finally {
      await app.close();
      await written.close();
    }
  }, 480_000);

  it('adds another super_admin only with --force', async () => {
    const forced = await runCommand(['--email', 'second@example.co.uk', '--name', 'Adam Shah', '--force'], PASSWORD);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const written = await openWritten();
    const app = await buildApp(testConfig(), { database: written.database, logger: false });
    await app.ready();
    try {
      await adminSignIn(app, 'second@example.co.uk', PASSWORD);
    } finally {
      await app.close();
      await written.close();
    }
  }, 240_000);
});

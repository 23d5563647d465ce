import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Two server processes started at the same moment on a fresh PostgreSQL database: the advisory lock
 * in db/client.ts lets one migrate while the other waits, so both come up healthy and each migration
 * is recorded once (docs/decisions/0233-upgrades-migrate-under-a-lock.md). Real child processes, as
 * an operator starts them; PostgreSQL only (the embedded database has one process by design).
 */
const serverUrl = process.env.DATABASE_URL;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const journal = JSON.parse(readFileSync(path.join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-two-'));
let dbName: string | null = null;

afterAll(async () => {
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (serverUrl && dbName) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
  rmSync(work, { recursive: true, force: true });
});

/** Starts src/server/main.ts in its own process group; resolves with its output once /api/health answers 200. */
async function serve(url: string, port: number, label: string): Promise<{ output: () => string }> {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, label),
      AUTH_SECRET: 'two-processes-test-secret-'.padEnd(40, 'x'),
      DEMO: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited during start-up:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { output: () => output };
    if (Date.now() > deadline) throw new Error(`${label} did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!serverUrl)(
  'migrations when two processes start together (PostgreSQL; skipped without DATABASE_URL)',
  () => {
    it('both come up healthy and every migration is applied once', async () => {
      dbName = `halalnosh_two_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(serverUrl!);
      url.pathname = `/${dbName}`;
      const [p1, p2] = [await freePort(), await freePort()];
      // Started in the same tick: both reach the migration lock within moments of each other.
      await Promise.all([serve(url.toString(), p1, 'one'), serve(url.toString(), p2, 'two')]);

      for (const port of [p1, p2]) {
        const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as Record<string, unknown>;
        expect(health).toMatchObject({ status: 'ok', database: 'postgres' });
      }
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: string; hashes: string }>(
          'select count(*) as n, count(distinct hash) as hashes from drizzle.__drizzle_migrations',
        );
        expect(Number(rows[0].n)).toBe(journal.entries.length);
        expect(Number(rows[0].hashes)).toBe(journal.entries.length);
        // The schema the last migration made is there (a table every order needs).
        const { rows: tables } = await c.query("select to_regclass('public.orders') as t");
        expect(tables[0].t).toBe('orders');
      } finally {
        await c.end();
      }
    }, 240_000);
  },
);

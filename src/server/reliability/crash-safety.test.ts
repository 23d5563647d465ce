import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Runs bench/crash-safety.mjs: the real server as a child process, orders placed continuously,
 * SIGKILL mid-load, restart on the same data, every acknowledged order present and intact, every
 * cut-off request resolving to one order on retry. PGlite by default; PostgreSQL instead when
 * DATABASE_URL is set (the bench creates and drops its own database there).
 */
type Summary = {
  ok: boolean;
  acknowledged: number;
  lost: number;
  changed: number;
  kills: number;
  cutOffRetried: number;
  failures: string[];
};

function runBench(env: NodeJS.ProcessEnv): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.resolve('bench/crash-safety.mjs'),
        '--seconds',
        '3',
        '--kills',
        '1',
        '--workers',
        '6',
        '--no-record',
        '--json',
      ],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('exit', () => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Summary);
      } catch {
        reject(new Error(`no summary from the bench:\n${out}\n${err}`));
      }
    });
  });
}

function expectSafe(summary: Summary) {
  expect(summary.failures).toEqual([]);
  expect(summary).toMatchObject({ ok: true, kills: 1, lost: 0, changed: 0 });
  expect(summary.acknowledged).toBeGreaterThan(0);
}

describe('crash safety', () => {
  // CI runs the suite twice, on PGlite and then with DATABASE_URL: each run takes its own database.
  it.skipIf(!!process.env.DATABASE_URL)(
    'keeps every acknowledged order through a SIGKILL on PGlite',
    async () => {
      const { DATABASE_URL: _ignored, ...env } = process.env;
      expectSafe(await runBench(env));
    },
    170_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps every acknowledged order through a SIGKILL on PostgreSQL',
    async () => {
      expectSafe(await runBench(process.env));
    },
    170_000,
  );
});

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * A process stopped under load behind nginx fails no request, ends its event streams with a
 * reconnect hint, gives back its outbox leases and exits 0 (bench/graceful-stop.mjs;
 * docs/decisions/0234-graceful-stop-with-a-deadline.md). Needs nginx and a PostgreSQL server:
 * skipped without /usr/sbin/nginx (apt-get install -y nginx) or without DATABASE_URL.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const nginx = existsSync('/usr/sbin/nginx');
const serverUrl = process.env.DATABASE_URL;
const reason = !nginx ? 'nginx is not installed' : !serverUrl ? 'DATABASE_URL is not set' : '';

describe.skipIf(!nginx || !serverUrl)(`graceful stop behind nginx${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('fails no request, ends streams with a reconnect hint, releases its leases and exits 0', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'bench/graceful-stop.mjs'), '--json'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: serverUrl },
        maxBuffer: 8 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      ok: boolean;
      checks?: Record<string, boolean>;
      failureCount?: number;
      error?: string;
    };
    expect(result.error).toBeUndefined();
    expect(result.checks).toEqual({
      noFailedRequests: true,
      exitedZero: true,
      withinDeadline: true,
      loggedCleanStop: true,
      loggedLeasesReleased: true,
      streamRetryHint: true,
      streamFinalEvent: true,
      leasedRowsSentByOther: true,
    });
    expect(result.failureCount).toBe(0);
  }, 400_000);
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * The app's PostgreSQL connections run with JIT compilation off: with it on, every run of a statement whose estimated
 * cost passed jit_above_cost (a city page of 500 branches) was compiled again, about 45 ms each time
 * (docs/decisions/0295-postgres-jit-off.md). The embedded database has no JIT.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections (skipped without DATABASE_URL)', () => {
  it('run without JIT on every pooled connection', async () => {
    const t = await createTestApp();
    try {
      // Several at once, so the pool opens several connections.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.database.db.execute<{ jit: string; pid: number }>(
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
          ),
        ),
      );
      const rows = answers.map((a) => a.rows[0]);
      expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
      for (const row of rows) expect(row.jit).toBe('off');
    } finally {
      await t.close();
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { citySuggestions, user } from './schema/index';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { seedDemo } from './seed/seed-demo';

describe('embedded database on disk', () => {
  it('keeps every row across a restart and seeds demo data only once', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'halalnosh-persist-')), 'pglite');
    const first = await openPglite(dir);
    await seedDemo(first.db, { showcase: false });
    await first.db.insert(citySuggestions).values({ city: 'Preston', email: 'fan@example.com' });
    const [{ users }] = await first.db.select({ users: count() }).from(user);
    await first.close();

    const second = await openPglite(dir);
    await seedDemo(second.db, { showcase: false });
    const [{ again }] = await second.db.select({ again: count() }).from(user);
    const kept = await second.db.select().from(citySuggestions).where(eq(citySuggestions.city, 'Preston'));
    await second.close();

    expect(users).toBe(DEMO_ACCOUNTS.length);
    expect(again).toBe(users);
    expect(kept).toHaveLength(1);
  });
});

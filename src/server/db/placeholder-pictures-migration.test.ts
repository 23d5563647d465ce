import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import { seedShop } from '../modules/orders/test-fixtures';
import { brands, sites } from './schema/index';

/** The statements of migration 0028 (docs/decisions/0186-landing-pages-main-thread.md), run again on rows seeded the old way. */
const STATEMENTS = readFileSync(join(import.meta.dirname, 'migrations/0028_placeholder-pictures-webp.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('migration 0028 points demo rows at the WebP placeholder pictures', () => {
  it('rewrites the seeded SVG picture and logo addresses and leaves every other address alone', async () => {
    const db = t.database.db;
    const a = await seedShop(t);
    const b = await seedShop(t);
    await db.update(sites).set({ imageUrl: '/images/cuisines/middle-eastern.svg' }).where(eq(sites.id, a.site.id));
    await db.update(brands).set({ logoUrl: '/images/logo-placeholder.svg' }).where(eq(brands.id, a.brand.id));
    await db.update(sites).set({ imageUrl: '/uploads/site-photo.svg' }).where(eq(sites.id, b.site.id));
    await db.update(brands).set({ logoUrl: '/uploads/logo.svg' }).where(eq(brands.id, b.brand.id));

    expect(STATEMENTS).toHaveLength(2);
    for (const statement of STATEMENTS) await db.execute(sql.raw(statement));

    const picture = async (id: string) =>
      (await db.select({ url: sites.imageUrl }).from(sites).where(eq(sites.id, id)))[0].url;
    const logo = async (id: string) =>
      (await db.select({ url: brands.logoUrl }).from(brands).where(eq(brands.id, id)))[0].url;
    expect(await picture(a.site.id)).toBe('/images/cuisines/middle-eastern.webp');
    expect(await logo(a.brand.id)).toBe('/images/logo-placeholder.webp');
    expect(await picture(b.site.id)).toBe('/uploads/site-photo.svg');
    expect(await logo(b.brand.id)).toBe('/uploads/logo.svg');
  });
});

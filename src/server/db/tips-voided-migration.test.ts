import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import { newDriver } from '../modules/dispatch/test-fixtures';
import { deliveryBody, place, seedShop } from '../modules/orders/test-fixtures';
import { auditLog, driverEarnings, driverPayouts, orders } from './schema/index';

/**
 * The hand-written statements of the money-cash migration (docs/decisions/0201-tips-in-cash-at-the-door.md),
 * run again on tips written the old way. Found by name: the migration's number may change on merge.
 */
const dir = join(import.meta.dirname, 'migrations');
const file = readdirSync(dir).find((f) => f.endsWith('_money-cash.sql'))!;
const STATEMENTS = readFileSync(join(dir, file), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter(Boolean)
  .filter((s) => !s.startsWith('ALTER TABLE'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the money-cash migration voids tips no driver was sent yet', () => {
  it('takes unpaid and requested tips out of earnings and payouts, keeps sent ones, and audits each', async () => {
    const db = t.database.db;
    const shop = await seedShop(t);
    const d = await newDriver(t);
    const placed = (await place(t, deliveryBody(shop))).json().order;
    await db.update(orders).set({ tipMinor: 500 }).where(eq(orders.id, placed.id));
    const [requested] = await db
      .insert(driverPayouts)
      .values({ driverId: d.id, grossMinor: 800, feeMinor: 50, netMinor: 750, status: 'requested' })
      .returning();
    const [sent] = await db
      .insert(driverPayouts)
      .values({ driverId: d.id, grossMinor: 700, feeMinor: 50, netMinor: 650, status: 'paid', paidAt: new Date() })
      .returning();
    const earning = (values: Partial<typeof driverEarnings.$inferInsert>) =>
      db
        .insert(driverEarnings)
        .values({ driverId: d.id, totalMinor: 0, ...values })
        .returning()
        .then((r) => r[0]);
    const unpaid = await earning({ pickupPayMinor: 300, tipMinor: 200, totalMinor: 500 });
    const tipOnly = await earning({ tipMinor: 150, totalMinor: 150 });
    const inRequest = await earning({
      pickupPayMinor: 300,
      tipMinor: 500,
      totalMinor: 800,
      paidOut: true,
      payoutId: requested.id,
    });
    const inSent = await earning({
      pickupPayMinor: 300,
      tipMinor: 400,
      totalMinor: 700,
      paidOut: true,
      payoutId: sent.id,
    });

    // One connection, as the migrator runs them: the temporary table lives in its session.
    await db.transaction(async (tx) => {
      for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    });

    const row = async (id: string) => (await db.select().from(driverEarnings).where(eq(driverEarnings.id, id)))[0];
    expect(await row(unpaid.id)).toMatchObject({ tipMinor: 0, totalMinor: 300, paidOut: false });
    expect(await row(tipOnly.id)).toMatchObject({ tipMinor: 0, totalMinor: 0, paidOut: true });
    expect(await row(inRequest.id)).toMatchObject({ tipMinor: 0, totalMinor: 300, paidOut: true });
    expect(await row(inSent.id)).toMatchObject({ tipMinor: 400, totalMinor: 700 });
    const payout = async (id: string) => (await db.select().from(driverPayouts).where(eq(driverPayouts.id, id)))[0];
    expect(await payout(requested.id)).toMatchObject({ grossMinor: 300, netMinor: 250 });
    expect(await payout(sent.id)).toMatchObject({ grossMinor: 700, netMinor: 650 });
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0].tipMinor).toBe(0);
    const audits = await db.select().from(auditLog).where(eq(auditLog.actionType, 'driver_tip_voided'));
    expect(audits.map((a) => a.details.tipMinor).sort()).toEqual([150, 200, 500]);
  });
});

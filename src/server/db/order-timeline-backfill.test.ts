import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../domain/order-flow';
import { type TestApp, createTestApp } from '../test/test-app';
import { deliveryBody, place, seedShop } from '../modules/orders/test-fixtures';
import { orderStatusHistory } from './schema/index';

/** The backfill statements of migration 0010 (docs/decisions/0137-order-timeline.md), run again on rows written the old way. */
const BACKFILL = readFileSync(join(import.meta.dirname, 'migrations/0010_order-console.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter((s) => s.startsWith('UPDATE'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('migration 0010 backfills who moved each order', () => {
  it('tells the kind and action of old history rows from their status and note', async () => {
    const shop = await seedShop(t);
    const placed = (await place(t, deliveryBody(shop))).json();
    const orderId = placed.order.id as string;
    const db = t.database.db;
    const at = (s: number) => new Date(Date.now() + s * 1000);
    const old: [OrderStatus, string | null][] = [
      ['ACCEPTED', 'prep 20 min'],
      ['DRIVER_ASSIGNED', 'driver assigned'],
      ['ACCEPTED', 'driver taken off by driver: Vehicle problem'],
      ['PREPARING', 'driver assigned'],
      ['PREPARING', null],
      ['READY', null],
      ['OUT_FOR_DELIVERY', null],
      ['DELIVERED', null],
      ['CANCELLED', 'cancelled by ops: Restaurant closed'],
      ['REJECTED', 'The restaurant did not respond'],
      ['REJECTED', 'Too busy'],
    ];
    await db
      .insert(orderStatusHistory)
      .values(old.map(([status, note], i) => ({ orderId, status, note, actorId: null, createdAt: at(i + 1) })));
    expect(BACKFILL.length).toBeGreaterThanOrEqual(10);
    for (const statement of BACKFILL) await db.execute(sql.raw(statement));

    const rows = await db
      .select({ kind: orderStatusHistory.actorKind, action: orderStatusHistory.action })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt));
    expect(rows.map((r) => `${r.kind}:${r.action}`)).toEqual([
      'customer:null',
      'partner:accept',
      'driver:assign_driver',
      'driver:unassign_driver',
      'driver:assign_driver',
      'partner:start_preparing',
      'partner:mark_ready',
      'partner:hand_to_driver',
      'driver:complete_delivery',
      'ops:cancel',
      'system:time_out',
      'partner:reject',
    ]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../domain/topics';
import { type Database, openPostgres } from '../db/client';
import { auditLog, orderStatusHistory, orders, sites } from '../db/schema/index';
import { type Shop, act, pickupBody, place, seedShop, settle } from '../modules/orders/test-fixtures';
import { type TestApp, createTestApp } from '../test/test-app';
import { runUnansweredOrdersOnce } from './unanswered-orders';

let t: TestApp;
let shop: Shop;
/** On PostgreSQL, a second pool stands for a second server process sweeping the same database. */
let second: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  if (t.url) second = await openPostgres(t.url, 4);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });
const minutesAfter = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

async function newPending() {
  const placed = (await place(t, pickupBody(shop))).json().order as { id: string; orderNumber: string };
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
  return { ...placed, createdAt: row.createdAt };
}

async function status(id: string) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
}

describe('the unanswered-orders sweeper', () => {
  it("rejects a pending order once its branch's response time has passed, and not before", async () => {
    const o = await newPending();
    // Default 8 minutes: at 7:59 it waits, at 8:00 it is rejected with the product's words.
    expect((await runUnansweredOrdersOnce(deps(), minutesAfter(o.createdAt, 7.98))).timedOut).toBe(0);
    expect((await status(o.id)).status).toBe('PENDING');
    const events: { topic: string; type: string; data: Record<string, unknown> }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.order(o.id), topicName.site(shop.site.id)], (e) => events.push(e));
    await runUnansweredOrdersOnce(deps(), minutesAfter(o.createdAt, 8));
    expect(await status(o.id)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The restaurant did not respond',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.id), eq(auditLog.actionType, 'order_timed_out')));
    expect(audit).toMatchObject({ performedBy: null, performedByName: 'System' });
    await expect
      .poll(() => events.filter((e) => e.type === 'order.status' && e.data.status === 'REJECTED').length)
      .toBe(2);
    off();
    // The partner dashboard counts it as missed; a kitchen's own rejection is not a missed order.
    const refused = await newPending();
    await settle(t, refused.id);
    await act(t, shop.partner.cookie, refused.id, { action: 'reject', reason: 'Out of lamb' });
    const dash = await t.app.inject({
      method: 'GET',
      url: '/api/partner/dashboard',
      headers: { cookie: shop.partner.cookie },
    });
    expect(dash.json().missedCount).toBe(1);
  });

  it("follows the branch's own setting and leaves answered orders alone", async () => {
    await t.database.db.update(sites).set({ responseTimeoutMinutes: 20 }).where(eq(sites.id, shop.site.id));
    try {
      const waiting = await newPending();
      const answered = await newPending();
      await settle(t, answered.id);
      expect((await act(t, shop.partner.cookie, answered.id, { action: 'accept' })).statusCode).toBe(200);
      await runUnansweredOrdersOnce(deps(), minutesAfter(waiting.createdAt, 10));
      expect((await status(waiting.id)).status).toBe('PENDING');
      await runUnansweredOrdersOnce(deps(), minutesAfter(waiting.createdAt, 21));
      expect((await status(waiting.id)).status).toBe('REJECTED');
      expect((await status(answered.id)).status).toBe('ACCEPTED');
    } finally {
      await t.database.db.update(sites).set({ responseTimeoutMinutes: 8 }).where(eq(sites.id, shop.site.id));
    }
  });

  it('moves each order exactly once when two sweepers run at the same moment', async () => {
    const batch = [];
    for (let i = 0; i < 12; i++) batch.push(await newPending());
    const at = minutesAfter(new Date(), 9);
    const other = second ? { db: second.db, bus: t.app.deps.bus } : deps();
    const [a, b] = await Promise.all([runUnansweredOrdersOnce(deps(), at), runUnansweredOrdersOnce(other, at)]);
    // Orders left PENDING by earlier tests of this file may be swept too; ours are each moved once.
    expect(a.timedOut + b.timedOut).toBeGreaterThanOrEqual(batch.length);
    for (const o of batch) {
      expect((await status(o.id)).status).toBe('REJECTED');
      const history = await t.database.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.status, 'REJECTED')));
      expect(history).toHaveLength(1);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, o.id), eq(auditLog.actionType, 'order_timed_out')));
      expect(audits).toHaveLength(1);
    }
  });
});

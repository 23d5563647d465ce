import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotView } from '../../../domain/contracts/orders/schedule';
import { SCHEDULE_MESSAGES, slotText } from '../../../domain/schedule';
import { type Database, openPostgres } from '../../db/client';
import { notificationOutbox, orderEtas, orders, sites } from '../../db/schema/index';
import { runScheduledOrdersOnce } from '../../jobs/scheduled-orders';
import { runUnansweredOrdersOnce } from '../../jobs/unanswered-orders';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let customer: string;
/** On PostgreSQL, a second pool stands for a second server process sweeping the same database. */
let second: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'maryam@example.com', userType: 'customer', status: 'active', name: 'Maryam Ali' });
  customer = await signIn(t, 'maryam@example.com');
  if (t.url) second = await openPostgres(t.url, 4);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const deps = (db = t.database.db) => ({ db, bus: t.app.deps.bus });
const minutesAfter = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);

async function slots(siteId = shop.site.id): Promise<SlotView[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/slots` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slots;
}

/** Tomorrow's iftar slot: always offered by the test branch, which is open round the clock. */
async function iftarTomorrow(): Promise<SlotView> {
  const all = await slots();
  const iftars = all.filter((s) => s.kind === 'iftar');
  return iftars.find((s) => s.date !== all[0].date) ?? iftars[0];
}

async function row(id: string) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
}

async function siteOrders(cookie = shop.partner.cookie) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/partner/sites/${shop.site.id}/orders`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { active: { id: string }[]; scheduled: { id: string; availableActions: string[] }[] };
}

describe('GET /api/sites/:siteId/slots', () => {
  it('offers 30-minute slots from an hour ahead to 7 days, an iftar slot each day and Jumu’ah on Friday', async () => {
    const now = Date.now();
    const all = await slots();
    expect(all.length).toBeGreaterThan(7 * 40);
    for (const s of all) {
      expect(new Date(s.start).getTime()).toBeGreaterThanOrEqual(now + 59 * 60_000);
      expect(new Date(s.start).getTime()).toBeLessThanOrEqual(now + 7 * 24 * 3_600_000 + 60_000);
    }
    // The window runs from an hour ahead for 7 days, so it holds 7 iftar slots, one a day, except in the
    // hour before today's iftar slot starts (today's is under an hour away, the eighth day's not yet
    // in): then 6. Likewise the one Jumu'ah slot is missing in the hour before it on a Friday.
    const iftars = all.filter((s) => s.kind === 'iftar');
    expect(iftars.length).toBeGreaterThanOrEqual(6);
    expect(iftars.length).toBeLessThanOrEqual(7);
    expect(new Set(iftars.map((s) => s.date)).size).toBe(iftars.length);
    expect(all.filter((s) => s.kind === 'jumuah').length).toBeLessThanOrEqual(1);
    const iftar = all.find((s) => s.kind === 'iftar')!;
    expect(iftar.note).toMatch(/^Maghrib \d\d:\d\d, by the Moonsighting Committee method$/);
  });

  it('answers 404 for a branch that does not exist and 400 for a malformed id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/sites/00000000-0000-4000-8000-000000000000/slots' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/sites/not-a-uuid/slots' });
    expect(bad.statusCode).toBe(400);
  });

  it('offers no slots while the partner has switched the branch closed', async () => {
    await t.database.db.update(sites).set({ isOpen: false }).where(eq(sites.id, shop.site.id));
    try {
      expect(await slots()).toEqual([]);
    } finally {
      await t.database.db.update(sites).set({ isOpen: true }).where(eq(sites.id, shop.site.id));
    }
  });
});

describe('POST /api/orders with scheduledFor', () => {
  it('stores the slot, is due by its end, and the order page and receipt show it', async () => {
    const slot = await iftarTomorrow();
    const res = await place(t, deliveryBody(shop, { scheduledFor: { start: slot.start, kind: 'iftar' } }), {
      cookie: customer,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    const text = slotText({ start: slot.start, end: slot.end, kind: 'iftar' });
    expect(order.scheduled).toMatchObject({ start: slot.start, end: slot.end, kind: 'iftar', text, waiting: true });
    expect(order.status).toBe('PENDING');
    expect(order.eta.initialEta).toBe(slot.end);

    const stored = await row(order.id);
    // Travel is known (E1 to E1 6AN): enters the flow 10 + 20 + travel minutes before the slot.
    const travel = order.eta.travelTimeMinutes as number;
    expect(stored.entersFlowAt?.toISOString()).toBe(minutesAfter(new Date(slot.start), -(30 + travel)).toISOString());
    expect(stored.enteredFlowAt).toBeNull();

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: { cookie: customer },
    });
    expect(page.json().order.scheduled.text).toBe(text);

    const [receipt] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.eventId, `order:${order.id}:placed`), eq(notificationOutbox.channel, 'email')));
    expect(receipt.payload.text).toContain(text);
    expect(receipt.payload.html).toContain(text);
  });

  it('takes an order for later while the branch is paused now, and refuses one for as soon as possible', async () => {
    await t.database.db
      .update(sites)
      .set({ pausedUntil: minutesAfter(new Date(), 30) })
      .where(eq(sites.id, shop.site.id));
    try {
      const asap = await place(t, pickupBody(shop));
      expect(asap.statusCode).toBe(409);
      const slot = (await slots()).find((s) => s.kind === 'standard')!;
      const later = await place(t, pickupBody(shop, { scheduledFor: { start: slot.start, kind: 'standard' } }));
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      await t.database.db.update(sites).set({ pausedUntil: null }).where(eq(sites.id, shop.site.id));
    }
  });

  it('refuses a slot the branch does not offer: off the grid, in the past, too soon, too far, the wrong kind', async () => {
    const first = (await slots()).find((s) => s.kind === 'standard')!;
    const refused = [
      { start: minutesAfter(new Date(first.start), 10).toISOString(), kind: 'standard' },
      { start: minutesAfter(new Date(first.start), -24 * 60).toISOString(), kind: 'standard' },
      { start: minutesAfter(new Date(first.start), -60).toISOString(), kind: 'standard' },
      { start: minutesAfter(new Date(first.start), 8 * 24 * 60).toISOString(), kind: 'standard' },
      { start: first.start, kind: 'jumuah' },
    ];
    for (const scheduledFor of refused) {
      const res = await place(t, pickupBody(shop, { scheduledFor }));
      expect(res.statusCode, JSON.stringify(scheduledFor)).toBe(409);
      expect(res.json().error.message).toBe(SCHEDULE_MESSAGES.slotUnavailable);
    }
  });

  it('answers 400 for a malformed slot, never a 500', async () => {
    for (const scheduledFor of [
      { start: 'tomorrow', kind: 'standard' },
      { start: new Date().toISOString(), kind: 'brunch' },
      { start: new Date().toISOString() },
      { start: new Date().toISOString(), kind: 'standard', price: 0 },
      '2026-11-27T18:00:00Z',
    ]) {
      const res = await place(t, pickupBody(shop, { scheduledFor }));
      expect(res.statusCode, JSON.stringify(scheduledFor)).toBe(400);
    }
  });
});

describe('the scheduled lane and the flow', () => {
  async function scheduledOrder() {
    const slot = (await slots()).filter((s) => s.kind === 'standard')[4];
    const res = await place(t, pickupBody(shop, { scheduledFor: { start: slot.start, kind: 'standard' } }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: string; orderNumber: string };
    return { ...order, stored: await row(order.id) };
  }

  it('waits in the scheduled lane: no accept, only reject, and the response timeout does not fire', async () => {
    const o = await scheduledOrder();
    const lists = await siteOrders();
    expect(lists.active.some((x) => x.id === o.id)).toBe(false);
    const card = lists.scheduled.find((x) => x.id === o.id)!;
    expect(card.availableActions).toEqual(['reject']);

    await settle(t, o.id);
    const accept = await act(t, shop.partner.cookie, o.id, { action: 'accept', prepTimeMinutes: 20 });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toMatch(/is scheduled; it enters the flow at \d\d:\d\d/);

    // Hours after it was placed, still before its time to enter the flow: nothing times it out.
    const before = minutesAfter(o.stored.entersFlowAt!, -1);
    await runUnansweredOrdersOnce(deps(), before);
    expect((await row(o.id)).status).toBe('PENDING');
  });

  it('another partner sees neither the lane nor the order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/partner/sites/${shop.site.id}/orders`,
      headers: { cookie: shop.otherPartner.cookie },
    });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('enters the flow at its time, once, whichever of two concurrent passes claims it; then it is an order like any', async () => {
    const orders3 = [await scheduledOrder(), await scheduledOrder(), await scheduledOrder()];
    const due = orders3.reduce((m, o) => (o.stored.entersFlowAt! > m ? o.stored.entersFlowAt! : m), new Date(0));

    // Nothing moves a minute before the earliest waiting order's time (earlier tests' orders wait too).
    const waiting = await t.database.db.select().from(orders).where(isNull(orders.enteredFlowAt));
    const earliest = Math.min(...waiting.filter((o) => o.entersFlowAt).map((o) => o.entersFlowAt!.getTime()));
    expect((await runScheduledOrdersOnce(deps(), minutesAfter(new Date(earliest), -1))).released).toBe(0);
    const passes = await Promise.all([
      runScheduledOrdersOnce(deps(), due),
      runScheduledOrdersOnce(deps(second?.db ?? t.database.db), due),
    ]);
    const released = passes.reduce((n, p) => n + p.released, 0);
    // Every due scheduled order of the branch (including earlier tests' ones) moved exactly once.
    expect(released).toBeGreaterThanOrEqual(3);
    for (const o of orders3) expect((await row(o.id)).enteredFlowAt?.toISOString()).toBe(due.toISOString());
    expect((await runScheduledOrdersOnce(deps(), due)).released).toBe(0);

    const lists = await siteOrders();
    for (const o of orders3) expect(lists.active.some((x) => x.id === o.id)).toBe(true);
    expect(lists.scheduled.some((x) => orders3.some((o) => o.id === x.id))).toBe(false);

    // Accepted like any order, and still due by the end of its slot.
    await settle(t, orders3[1].id);
    const accept = await act(t, shop.partner.cookie, orders3[1].id, { action: 'accept', prepTimeMinutes: 20 });
    expect(accept.statusCode, accept.body).toBe(200);
    const [eta] = await t.database.db.select().from(orderEtas).where(eq(orderEtas.orderId, orders3[1].id));
    expect(eta.currentEta.toISOString()).toBe(orders3[1].stored.scheduledUntil!.toISOString());
    // The response time runs from entering the flow: the branch's 8 minutes after `due`.
    await runUnansweredOrdersOnce(deps(), minutesAfter(due, 7.9));
    expect((await row(orders3[0].id)).status).toBe('PENDING');
    await runUnansweredOrdersOnce(deps(), minutesAfter(due, 8));
    expect((await row(orders3[0].id)).status).toBe('REJECTED');
  });
});

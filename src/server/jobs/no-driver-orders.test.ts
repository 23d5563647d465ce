import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../domain/topics';
import { type Database, openPostgres } from '../db/client';
import { deliveryJobs, orders, sites, ticketMessages, tickets } from '../db/schema/index';
import { type Driver, driverCall, newDriver, offeredJob } from '../modules/dispatch/test-fixtures';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from '../modules/orders/test-fixtures';
import { type TestApp, createTestApp, createUser, signIn } from '../test/test-app';
import { runNoDriverOrdersOnce } from './no-driver-orders';

let t: TestApp;
let shop: Shop;
let driver: Driver;
/** On PostgreSQL, a second pool stands for a second server process sweeping the same database. */
let second: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  if (t.url) second = await openPostgres(t.url, 4);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });
const minutesAfter = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const ticketsOf = (id: string) => t.database.db.select().from(tickets).where(eq(tickets.orderId, id));

describe('the no-driver sweeper', () => {
  it("flags a delivery order no driver took within the branch's minutes, with one ticket and an ops alert", async () => {
    const o = await offeredJob(t, shop);
    // Default 10 minutes after acceptance: at 9:59 it waits, at 10:00 it is flagged.
    await runNoDriverOrdersOnce(deps(), minutesAfter(o.job.createdAt, 9.98));
    expect((await orderRow(o.orderId)).noDriverAt).toBeNull();

    const events: { topic: string; type: string; data: Record<string, unknown> }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.admin, topicName.order(o.orderId)], (e) => events.push(e));
    const at = minutesAfter(o.job.createdAt, 10);
    await runNoDriverOrdersOnce(deps(), at);
    expect((await orderRow(o.orderId)).noDriverAt).toEqual(at);
    const raised = await ticketsOf(o.orderId);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      subject: `Still looking for a driver for order ${o.orderNumber}`,
      priority: 'high',
      dedupeKey: `no-driver:${o.orderId}`,
    });
    await expect
      .poll(() => events.filter((e) => e.type === 'order.no_driver' && e.data.orderId === o.orderId).length)
      .toBe(2);
    expect(events.find((e) => e.type === 'order.no_driver' && e.topic === topicName.admin)?.data).toMatchObject({
      orderNumber: o.orderNumber,
      ticketId: raised[0].id,
    });
    off();

    // A later pass changes nothing: flagged once, one ticket.
    await runNoDriverOrdersOnce(deps(), minutesAfter(at, 5));
    expect((await orderRow(o.orderId)).noDriverAt).toEqual(at);
    expect(await ticketsOf(o.orderId)).toHaveLength(1);
  });

  it('words the request for the customer who reads it on their Help tab, keeping the internal detail for staff', async () => {
    // A signed-in customer's order: the request is theirs by e-mail and shows on their Help tab. The
    // first test placed a visitor's order with no e-mail, so nobody ever read the request's wording.
    const email = 'maryam.no-driver@example.com';
    await createUser(t, { email, userType: 'customer', name: 'Maryam Siddiqui' });
    const cookie = await signIn(t, email);
    const placed = await place(t, deliveryBody(shop, { customerName: 'Maryam Siddiqui' }), { cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; orderNumber: string };
    await settle(t, order.id);
    expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(200);
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    await runNoDriverOrdersOnce(deps(), minutesAfter(job.createdAt, 10));

    const list = await t.app.inject({ method: 'GET', url: '/api/help/tickets', headers: { cookie } });
    const mine = list.json().tickets.find((x: { orderNumber: string | null }) => x.orderNumber === order.orderNumber);
    expect(mine.subject).toBe(`Still looking for a driver for order ${order.orderNumber}`);
    const one = await t.app.inject({ method: 'GET', url: `/api/help/tickets/${mine.id}`, headers: { cookie } });
    const seen = JSON.stringify(one.json().ticket);
    expect(one.json().ticket.messages).toEqual([
      expect.objectContaining({
        from: 'system',
        message: `We haven't found a driver for your order ${order.orderNumber} yet. You can collect it from the restaurant instead, or cancel it, on your order page. Our team has been told and will answer here if there is anything more we can do.`,
      }),
    ]);
    expect(seen).not.toMatch(/Raised automatically|within 10 minutes|Maryam Siddiqui|customer Maryam/);

    const notes = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, mine.id));
    expect(notes.find((m) => m.isInternal)?.message).toBe(
      `Raised automatically: no driver took order ${order.orderNumber} within 10 minutes of the restaurant accepting it (customer Maryam Siddiqui). The customer has been offered pickup or cancellation.`,
    );
  });

  it("follows the branch's own setting and leaves orders with a driver and pickup orders alone", async () => {
    await t.database.db.update(sites).set({ driverSearchMinutes: 20 }).where(eq(sites.id, shop.site.id));
    try {
      const waiting = await offeredJob(t, shop);
      const taken = await offeredJob(t, shop);
      expect((await driverCall(t, driver, 'POST', `/api/driver/jobs/${taken.job.id}/accept`)).statusCode).toBe(200);
      const pickup = (await place(t, pickupBody(shop))).json().order as { id: string };
      await settle(t, pickup.id);
      expect((await act(t, shop.partner.cookie, pickup.id, { action: 'accept' })).statusCode).toBe(200);

      await runNoDriverOrdersOnce(deps(), minutesAfter(waiting.job.createdAt, 15));
      expect((await orderRow(waiting.orderId)).noDriverAt).toBeNull();
      await runNoDriverOrdersOnce(deps(), minutesAfter(waiting.job.createdAt, 21));
      expect((await orderRow(waiting.orderId)).noDriverAt).not.toBeNull();
      expect((await orderRow(taken.orderId)).noDriverAt).toBeNull();
      expect((await orderRow(pickup.id)).noDriverAt).toBeNull();
      expect(await ticketsOf(taken.orderId)).toHaveLength(0);
    } finally {
      await t.database.db.update(sites).set({ driverSearchMinutes: 10 }).where(eq(sites.id, shop.site.id));
    }
  });

  it('flags each order exactly once, with exactly one ticket, when two sweepers run at the same moment', async () => {
    const batch = [];
    for (let i = 0; i < 8; i++) batch.push(await offeredJob(t, shop));
    const at = minutesAfter(new Date(), 11);
    const other = second ? { db: second.db, bus: t.app.deps.bus } : deps();
    const [a, b] = await Promise.all([runNoDriverOrdersOnce(deps(), at), runNoDriverOrdersOnce(other, at)]);
    expect(a.flagged + b.flagged).toBeGreaterThanOrEqual(batch.length);
    for (const o of batch) {
      expect((await orderRow(o.orderId)).noDriverAt).toEqual(at);
      expect(await ticketsOf(o.orderId)).toHaveLength(1);
      const [job] = await t.database.db
        .select()
        .from(deliveryJobs)
        .where(and(eq(deliveryJobs.orderId, o.orderId), eq(deliveryJobs.status, 'available')));
      // The job stays on the board: a driver may still take it.
      expect(job).toBeDefined();
    }
  });
});

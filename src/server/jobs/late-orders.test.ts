import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../domain/topics';
import { orderEtas, orders, ticketMessages, tickets } from '../db/schema/index';
import { type Stream, openStream } from '../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../test/test-app';
import { type Shop, deliveryBody, pickupBody, place, seedShop } from '../modules/orders/test-fixtures';
import { runLateOrdersOnce } from './late-orders';

const MIN = 60_000;
let t: TestApp;
let shop: Shop;
let base: string;
let admin: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'ops_manager' });
  admin = await signIn(t, 'ops@example.com');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });

async function etaOf(orderId: string) {
  return (await t.database.db.select().from(orderEtas).where(eq(orderEtas.orderId, orderId)))[0];
}
async function ticketsOf(orderId: string) {
  return t.database.db.select().from(tickets).where(eq(tickets.orderId, orderId));
}

describe('late orders sweeper', () => {
  it('leaves an order alone before its ETA', async () => {
    const { order } = (await place(t, pickupBody(shop))).json();
    const eta = await etaOf(order.id);
    await runLateOrdersOnce(deps(), new Date(eta.currentEta.getTime() - 1000));
    expect(await etaOf(order.id)).toMatchObject({ isLate: false, currentEta: eta.currentEta });
  });

  it('marks an order late once, moves its ETA 4 minutes ahead and tells the customer', async () => {
    const placed = (await place(t, deliveryBody(shop))).json();
    const id = placed.order.id;
    const s = await openStream(
      base,
      `/api/events?topics=${topicName.order(id)}&orderToken=${encodeURIComponent(placed.orderToken)}`,
    );
    streams.push(s);
    const eta = await etaOf(id);
    const now = new Date(eta.currentEta.getTime() + 30_000);
    // Earlier tests' orders may fall due too; this order's own row is what counts.
    expect((await runLateOrdersOnce(deps(), now)).markedLate).toBeGreaterThanOrEqual(1);
    const after = await etaOf(id);
    expect(after).toMatchObject({
      isLate: true,
      lateNotificationSent: true,
      csTicketCreated: false,
      initialEta: eta.initialEta,
    });
    expect(after.currentEta.getTime()).toBe(now.getTime() + 4 * MIN);
    const e = await s.waitFor((x) => x.type === 'order.eta');
    expect(e.data).toMatchObject({ orderId: id, isLate: true, csTicketCreated: false, title: 'Order Update' });

    // Past the new ETA, but a late order is not marked (or extended) again.
    await runLateOrdersOnce(deps(), new Date(after.currentEta.getTime() + 1000));
    expect((await etaOf(id)).currentEta).toEqual(after.currentEta);
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { 'x-order-token': placed.orderToken } })
    ).json();
    expect(view.order.eta).toMatchObject({ isLate: true, currentEta: after.currentEta.toISOString() });
  });

  it('raises one high-priority ticket more than 12 minutes past the initial ETA, even when run twice and at once', async () => {
    const admins = await openStream(base, '/api/events?topics=admin', admin);
    streams.push(admins);
    const { order } = (await place(t, deliveryBody(shop))).json();
    const eta = await etaOf(order.id);
    const at12 = new Date(eta.initialEta.getTime() + 12 * MIN);
    await runLateOrdersOnce(deps(), at12);
    expect(await ticketsOf(order.id)).toHaveLength(0);

    const later = new Date(eta.initialEta.getTime() + 13 * MIN);
    await Promise.all([runLateOrdersOnce(deps(), later), runLateOrdersOnce(deps(), later)]);
    await runLateOrdersOnce(deps(), new Date(later.getTime() + 10 * MIN));
    const rows = await ticketsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: `Your order ${order.orderNumber} is running late`,
      channel: 'customer',
      priority: 'high',
      status: 'new',
      dedupeKey: `late:${order.id}`,
      siteId: shop.site.id,
    });
    expect(rows[0].ticketNumber).toMatch(/^T-\d+$/);
    // What the customer reads on their Help tab: words for them, never the staff's note with
    // their own name and the minutes (the staff note is not a message of the thread).
    const messages = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, rows[0].id));
    expect(messages.filter((m) => !m.isInternal)).toHaveLength(1);
    expect(messages.find((m) => !m.isInternal)?.message).toBe(
      `Sorry, your order ${order.orderNumber} is taking longer than expected. We're checking with the restaurant and will answer here with what we find.`,
    );
    expect(
      messages
        .filter((m) => !m.isInternal)
        .map((m) => m.message)
        .join(' '),
    ).not.toContain('Raised automatically');
    expect((await etaOf(order.id)).csTicketCreated).toBe(true);
    const e = await admins.waitFor((x) => x.type === 'ticket.created' && x.data.orderId === order.id);
    expect(e.data).toMatchObject({ ticketNumber: rows[0].ticketNumber, priority: 'high', channel: 'customer' });
  });

  it('ignores finished orders', async () => {
    const { order } = (await place(t, pickupBody(shop))).json();
    await t.database.db.update(orders).set({ status: 'COLLECTED' }).where(eq(orders.id, order.id));
    const eta = await etaOf(order.id);
    await runLateOrdersOnce(deps(), new Date(eta.initialEta.getTime() + 60 * MIN));
    expect(await etaOf(order.id)).toMatchObject({ isLate: false, csTicketCreated: false });
    expect(await ticketsOf(order.id)).toHaveLength(0);
  });
});

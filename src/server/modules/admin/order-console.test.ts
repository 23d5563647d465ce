import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, deliveryJobs, driverEarnings, orderNotes, orders, tickets } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Driver, handOver, newDriver } from '../dispatch/test-fixtures';
import { type Shop, deliveryBody, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';
import { transitionOrder } from '../orders/transition-order';
import { type Caller, adminsOfEveryRole, call, listen } from './test-fixtures';

let t: TestApp;
let base: string;
let admins: Record<AdminRole, Caller>;
let shop: Shop;
let driverA: Driver;
let driverB: Driver;
let customer: Caller;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  shop = await seedShop(t);
  driverA = await newDriver(t);
  driverB = await newDriver(t, { postcode: 'N1' });
  const email = `console.customer.${randomUUID().slice(0, 6)}@example.com`;
  const id = await createUser(t, { email, userType: 'customer', name: 'Aisha Khan' });
  customer = { id, email, cookie: await signIn(t, email) };
  base = await listen(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const url = (orderNumber: string, rest = '') => `/api/admin/orders/${orderNumber}${rest}`;

/** A delivery order placed by the signed-in customer and accepted, its job on the board. */
async function acceptedOrder() {
  const placed = (await place(t, deliveryBody(shop), { cookie: customer.cookie })).json();
  await settle(t, placed.order.id);
  await transitionOrder(
    { db: t.database.db, bus: t.app.deps.bus },
    { orderId: placed.order.id, action: 'accept', actor: { kind: 'partner', userId: shop.partner.id } },
  );
  return { id: placed.order.id as string, number: placed.order.orderNumber as string };
}

async function jobOf(orderId: string) {
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId));
  return job;
}

describe('who may use the order console', () => {
  it('answers a stranger 401 and every role without the orders area 403, on every route', async () => {
    const order = await acceptedOrder();
    const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/api/admin/orders'],
      ['GET', url(order.number)],
      ['GET', url(order.number, '/drivers')],
      ['POST', url(order.number, '/cancel'), { reason: 'x' }],
      ['POST', url(order.number, '/deliver'), { note: 'x' }],
      ['POST', url(order.number, '/driver'), { driverId: driverA.id }],
      ['POST', url(order.number, '/driver/unassign'), { reason: 'x' }],
      ['POST', url(order.number, '/notes'), { body: 'x', requestId: randomUUID() }],
      ['POST', url(order.number, '/tickets'), { subject: 's', description: 'd', requestId: randomUUID() }],
      ['POST', url(order.number, '/tickets/link'), { ticketNumber: 'T-1' }],
    ];
    const partner = { ...shop.partner };
    const outsiders: Caller[] = [admins.finance, admins.read_only, partner, customer, driverA];
    for (const [method, path, body] of routes) {
      expect((await call(t, null, method, path, body)).statusCode, `${method} ${path}`).toBe(401);
      for (const who of outsiders) {
        expect((await call(t, who, method, path, body)).statusCode, `${who.email} ${method} ${path}`).toBe(403);
      }
    }
    expect((await jobOf(order.id)).status).toBe('available');
  });

  it('lets Customer Service read, note and raise tickets, but refuses it every move of the order (403)', async () => {
    const order = await acceptedOrder();
    const cs = admins.cs_agent;
    expect((await call(t, cs, 'GET', url(order.number))).json().actions).toEqual({
      cancel: false,
      markDelivered: false,
      assignDriver: false,
      unassignDriver: false,
      addNote: true,
      tickets: true,
    });
    for (const [path, body] of [
      ['/drivers', undefined],
      ['/cancel', { reason: 'Customer asked' }],
      ['/deliver', { note: 'Phone died' }],
      ['/driver', { driverId: driverA.id }],
      ['/driver/unassign', { reason: 'Too slow' }],
    ] as const) {
      const res = await call(t, cs, path === '/drivers' ? 'GET' : 'POST', url(order.number, path), body);
      expect(res.statusCode, path).toBe(403);
    }
    const noted = await call(t, cs, 'POST', url(order.number, '/notes'), {
      body: 'Customer rang',
      requestId: randomUUID(),
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json().notes.map((n: { body: string }) => n.body)).toEqual(['Customer rang']);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('ACCEPTED');
  });

  it('answers 404 for an unknown order and 400 for a malformed number or body, never 500', async () => {
    const ops = admins.ops_manager;
    expect((await call(t, ops, 'GET', url('HN-999999999'))).statusCode).toBe(404);
    expect((await call(t, ops, 'POST', url('HN-999999999', '/cancel'), { reason: 'x' })).statusCode).toBe(404);
    expect((await call(t, ops, 'GET', url('nonsense'))).statusCode).toBe(400);
    const order = await acceptedOrder();
    const empty = await call(t, ops, 'POST', url(order.number, '/cancel'), { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Cancellation reason is required/);
    expect((await call(t, ops, 'POST', url(order.number, '/cancel'), { reason: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await call(t, ops, 'GET', '/api/admin/orders?status=LOST')).statusCode).toBe(400);
    expect((await call(t, ops, 'GET', '/api/admin/orders?from=31/01/2026')).statusCode).toBe(400);
    expect((await call(t, ops, 'GET', '/api/admin/orders?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/orders', () => {
  it('finds a phone however it was typed at checkout and however ops type it: 07700…, +44…, with spaces', async () => {
    // The first search test typed the number as the fixture stored it; a visitor writing
    // +44 7700 900456 at checkout was not found by 07700900456, nor the other way round.
    const ops = admins.ops_manager;
    const typed = ['+44 7700 900456', '07700900456', '0044 (0)7700 900 456'];
    const ids: string[] = [];
    for (const customerPhone of typed) {
      const res = await place(t, pickupBody(shop, { customerPhone }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().order.id);
    }
    const stored = await t.database.db
      .select({ phone: orders.customerPhone })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(stored.map((o) => o.phone)).toEqual(['+447700900456', '+447700900456', '+447700900456']);
    for (const q of ['07700900456', '+447700900456', '07700 900456', '+44 7700 900456', '7700 900 456', '07700 900']) {
      const res = await call(t, ops, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const found = res.json().orders.map((o: { id: string }) => o.id);
      expect(
        ids.every((id) => found.includes(id)),
        q,
      ).toBe(true);
    }
    const other = await call(t, ops, 'GET', `/api/admin/orders?q=${encodeURIComponent('07700 900457')}`);
    expect(other.json().orders.map((o: { id: string }) => o.id)).not.toContain(ids[0]);
  });

  it('finds an order by number, phone without spaces, e-mail, branch, status and London day, newest first', async () => {
    const order = await acceptedOrder();
    const ops = admins.ops_manager;
    const search = async (query: string) => (await call(t, ops, 'GET', `/api/admin/orders?${query}`)).json();
    expect((await search(`q=${order.number}`)).orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await search('q=07700900123')).orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await search(`q=${encodeURIComponent(customer.email.toUpperCase())}`)).total).toBeGreaterThanOrEqual(1);
    const byBranch = await search(`branch=${encodeURIComponent(shop.brand.name)}&status=ACCEPTED`);
    expect(byBranch.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(byBranch.orders.every((o: { status: string }) => o.status === 'ACCEPTED')).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect((await search(`q=${order.number}&from=${today}&to=${today}`)).total).toBe(1);
    expect((await search(`q=${order.number}&to=2020-01-01`)).total).toBe(0);
    const first = await search('');
    expect(first).toMatchObject({ page: 1, pageSize: 25 });
    const times = first.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await search('page=500')).orders).toEqual([]);
  });
});

describe('the order page', () => {
  it('shows the timeline with who and when, the tickets and the messages the outbox holds for the order', async () => {
    const order = await acceptedOrder();
    const page = (await call(t, admins.super_admin, 'GET', url(order.number))).json();
    expect(page.timeline.map((e: { status: string; actorKind: string }) => [e.status, e.actorKind])).toEqual([
      ['PENDING', 'customer'],
      ['ACCEPTED', 'partner'],
    ]);
    expect(page.timeline[1]).toMatchObject({ action: 'accept', actorName: 'Yusuf Rahman' });
    expect(page.order).toMatchObject({ orderNumber: order.number, status: 'ACCEPTED', customerEmail: customer.email });
    expect(page.job).toMatchObject({ status: 'available' });
    // The receipt and the acceptance e-mail to the customer (the outbox rows of this order's events).
    expect(page.notifications.map((n: { channel: string; recipient: string }) => [n.channel, n.recipient])).toEqual(
      expect.arrayContaining([['email', customer.email]]),
    );
    expect(page.notifications.length).toBeGreaterThanOrEqual(2);
    expect(page.actions).toMatchObject({ cancel: true, assignDriver: true, unassignDriver: false });
  });
});

describe('moves of the order by operations', () => {
  it('cancels with a reason through the state machine, audited, and a second cancel is 409', async () => {
    const order = await acceptedOrder();
    const ops = admins.ops_manager;
    const res = await call(t, ops, 'POST', url(order.number, '/cancel'), { reason: 'Restaurant closed early' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'CANCELLED', cancelledBy: 'ops' });
    expect(res.json().timeline.at(-1)).toMatchObject({
      actorKind: 'ops',
      action: 'cancel',
      actorName: 'ops_manager person',
    });
    expect((await jobOf(order.id)).status).toBe('cancelled');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.actionType, 'order_cancelled')));
    expect(audit).toHaveLength(1);
    expect(audit[0].performedBy).toBe(ops.id);
    expect((await call(t, ops, 'POST', url(order.number, '/cancel'), { reason: 'again' })).statusCode).toBe(409);
  });

  it('assigns an approved online driver, lists candidates, refuses an offline or unapproved one', async () => {
    const order = await acceptedOrder();
    const ops = admins.ops_manager;
    const candidates = (await call(t, ops, 'GET', url(order.number, '/drivers'))).json().drivers;
    const ids = candidates.map((d: { id: string }) => d.id);
    expect(ids).toContain(driverA.id);
    expect(ids.indexOf(driverA.id)).toBeLessThan(ids.indexOf(driverB.id));
    const offline = await newDriver(t, { online: false });
    const pending = await newDriver(t, { status: 'pending' });
    expect(ids).not.toContain(offline.id);
    expect((await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: offline.id })).statusCode).toBe(409);
    expect((await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: pending.id })).statusCode).toBe(400);
    expect((await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: customer.id })).statusCode).toBe(400);

    const res = await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverA.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'DRIVER_ASSIGNED' }, driver: { id: driverA.id } });
    expect(await jobOf(order.id)).toMatchObject({ status: 'assigned', driverId: driverA.id });
    // Asking again for the same driver changes nothing.
    expect((await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverA.id })).statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.actionType, 'order_driver_assigned')));
    expect(audits).toHaveLength(1);
  });

  it('reassigns from driver A to driver B in one move, and both drivers hear of it live', async () => {
    const order = await acceptedOrder();
    const ops = admins.ops_manager;
    await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverA.id });
    const a = await openStream(base, `/api/events?topics=user:${driverA.id}`, driverA.cookie);
    const b = await openStream(base, `/api/events?topics=user:${driverB.id}`, driverB.cookie);
    const o = await openStream(base, `/api/events?topics=order:${order.id}`, customer.cookie);
    streams.push(a, b, o);

    const res = await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverB.id });
    expect(res.statusCode).toBe(200);
    expect(await jobOf(order.id)).toMatchObject({ status: 'assigned', driverId: driverB.id });
    expect((await a.waitFor((e) => e.type === 'job.assignment')).data).toMatchObject({
      orderId: order.id,
      assigned: false,
    });
    expect((await b.waitFor((e) => e.type === 'job.assignment')).data).toMatchObject({
      orderId: order.id,
      assigned: true,
    });
    expect((await o.waitFor((e) => e.type === 'driver.assigned')).data).toMatchObject({ orderId: order.id });
    const actions = res.json().timeline.map((e: { action: string; actorKind: string }) => `${e.actorKind}:${e.action}`);
    expect(actions.slice(-3)).toEqual(['ops:assign_driver', 'ops:unassign_driver', 'ops:assign_driver']);
  });

  it('unassigns a driver with a reason: the job goes back on the board', async () => {
    const order = await acceptedOrder();
    const ops = admins.super_admin;
    await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverA.id });
    const res = await call(t, ops, 'POST', url(order.number, '/driver/unassign'), { reason: 'Driver not answering' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'ACCEPTED' }, driver: null, job: { status: 'available' } });
    expect((await call(t, ops, 'POST', url(order.number, '/driver/unassign'), { reason: 'again' })).statusCode).toBe(
      409,
    );
  });

  it('marks an out-for-delivery order delivered with a note, pays the driver, and refuses it earlier', async () => {
    const order = await acceptedOrder();
    const ops = admins.ops_manager;
    expect((await call(t, ops, 'POST', url(order.number, '/deliver'), { note: 'Phone died' })).statusCode).toBe(409);
    await call(t, ops, 'POST', url(order.number, '/driver'), { driverId: driverA.id });
    await handOver(t, shop, order.id);
    const res = await call(t, ops, 'POST', url(order.number, '/deliver'), { note: "Driver's phone died" });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('DELIVERED');
    // (handOver dates its move 5 s ahead, so the last move in time is not ours.)
    expect(res.json().timeline.find((e: { status: string }) => e.status === 'DELIVERED')).toMatchObject({
      actorKind: 'ops',
      action: 'complete_delivery',
      note: "marked delivered by ops: Driver's phone died",
    });
    const job = await jobOf(order.id);
    expect(job.status).toBe('completed');
    const earnings = await t.database.db.select().from(driverEarnings).where(eq(driverEarnings.deliveryJobId, job.id));
    expect(earnings).toHaveLength(1);
    expect(earnings[0].driverId).toBe(driverA.id);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.actionType, 'order_marked_delivered')));
    expect(audit[0].details).toMatchObject({ note: "Driver's phone died" });
  });

  it('never assigns a driver to a pickup order', async () => {
    const placed = (await place(t, pickupBody(shop))).json();
    await settle(t, placed.order.id);
    await transitionOrder(
      { db: t.database.db, bus: t.app.deps.bus },
      { orderId: placed.order.id, action: 'accept', actor: { kind: 'partner', userId: shop.partner.id } },
    );
    const res = await call(t, admins.ops_manager, 'POST', url(placed.order.orderNumber, '/driver'), {
      driverId: driverA.id,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('notes and tickets', () => {
  it('stores a note once per request id, audited', async () => {
    const order = await acceptedOrder();
    const body = { body: 'Called the restaurant', requestId: randomUUID() };
    for (let i = 0; i < 2; i++) {
      expect((await call(t, admins.ops_manager, 'POST', url(order.number, '/notes'), body)).statusCode).toBe(200);
    }
    expect(await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.actionType, 'order_note_added')));
    expect(audit).toHaveLength(1);
  });

  it('opens a ticket for the order once per request id, and links an existing one', async () => {
    const order = await acceptedOrder();
    const cs = admins.cs_agent;
    const body = { subject: 'Missing item', description: 'No tea', priority: 'high', requestId: randomUUID() };
    await call(t, cs, 'POST', url(order.number, '/tickets'), body);
    const res = await call(t, cs, 'POST', url(order.number, '/tickets'), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().tickets).toHaveLength(1);
    expect(res.json().tickets[0]).toMatchObject({ subject: 'Missing item', priority: 'high' });

    const other = await acceptedOrder();
    const created = await call(t, cs, 'POST', '/api/admin/tickets', {
      subject: 'Wrong address',
      description: 'Driver lost',
      channel: 'customer',
      priority: 'normal',
    });
    expect(created.statusCode).toBe(201);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.subject, 'Wrong address'));
    const linked = await call(t, cs, 'POST', url(other.number, '/tickets/link'), { ticketNumber: ticket.ticketNumber });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().tickets.map((x: { id: string }) => x.id)).toEqual([ticket.id]);
    // A ticket about another order cannot be moved; an unknown one is 404.
    const taken = await call(t, cs, 'POST', url(order.number, '/tickets/link'), { ticketNumber: ticket.ticketNumber });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call(t, cs, 'POST', url(order.number, '/tickets/link'), { ticketNumber: 'T-99999999' })).statusCode,
    ).toBe(404);
  });
});

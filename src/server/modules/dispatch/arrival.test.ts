import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs, notificationOutbox, notificationPreferences } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, seedShop, settle } from '../orders/test-fixtures';
import { type Driver, driverCall, handOver, newDriver, offeredJob } from './test-fixtures';

/**
 * The driver's arrival at the customer (docs/decisions/0145-driver-arrival-recorded.md): a server
 * action of the assigned driver, recorded once, writing the customer's "driver arrived"
 * notifications with it and telling the customer's tracker live, only then.
 */
let t: TestApp;
let shop: Shop;
let driver: Driver;
let base: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const url = (jobId: string) => `/api/driver/jobs/${jobId}/arrival`;

async function accepted(body: Record<string, unknown> = {}) {
  const o = await offeredJob(t, shop, body);
  const res = await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return o;
}

async function viewAs(orderNumber: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().order as { status: string; driverArrivedAt: string | null };
}

async function arrivalRows(orderId: string) {
  return t.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventId, `order:${orderId}:arrived`))
    .orderBy(notificationOutbox.channel);
}

async function job(jobId: string) {
  const [j] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
  return j;
}

describe('POST /api/driver/jobs/:jobId/arrival', () => {
  it('refuses a stranger (401), another role (403), another driver (404) and a bad body (400)', async () => {
    const o = await accepted();
    expect((await driverCall(t, null, 'POST', url(o.job.id), { at: 'pickup' })).statusCode).toBe(401);
    const asPartner = await t.app.inject({
      method: 'POST',
      url: url(o.job.id),
      headers: { cookie: shop.partner.cookie },
      payload: { at: 'pickup' },
    });
    expect(asPartner.statusCode).toBe(403);
    const other = await newDriver(t);
    expect((await driverCall(t, other, 'POST', url(o.job.id), { at: 'pickup' })).statusCode).toBe(404);
    expect((await driverCall(t, driver, 'POST', url(o.job.id), { at: 'door' })).statusCode).toBe(400);
    expect((await job(o.job.id)).arrivedAtPickup).toBeNull();
  });

  it('records the arrival at the restaurant once, and tells nobody a second time', async () => {
    const o = await accepted();
    const res = await driverCall(t, driver, 'POST', url(o.job.id), { at: 'pickup' });
    expect(res.statusCode, res.body).toBe(200);
    const first = (await job(o.job.id)).arrivedAtPickup;
    expect(first).toBeInstanceOf(Date);
    expect((await driverCall(t, driver, 'POST', url(o.job.id), { at: 'pickup' })).statusCode).toBe(200);
    expect((await job(o.job.id)).arrivedAtPickup).toEqual(first);
    // The customer is not told of an arrival at the restaurant.
    expect(await arrivalRows(o.orderId)).toEqual([]);
  });

  it("records the arrival at the customer's door once, writes the visitor's e-mail and SMS and tells the tracker live, only then", async () => {
    const o = await accepted({ customerEmail: 'door@example.com' });
    const visitor = { 'x-order-token': o.orderToken };
    // Not before the restaurant has handed the order over.
    expect((await driverCall(t, driver, 'POST', url(o.job.id), { at: 'delivery' })).statusCode).toBe(409);
    expect(await arrivalRows(o.orderId)).toEqual([]);
    await handOver(t, shop, o.orderId);
    expect((await viewAs(o.orderNumber, visitor)).driverArrivedAt).toBeNull();

    const customer = await openStream(
      base,
      `/api/events?topics=order:${o.orderId}&orderToken=${encodeURIComponent(o.orderToken)}`,
    );
    streams.push(customer);
    const res = await driverCall(t, driver, 'POST', url(o.job.id), { at: 'delivery' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await customer.waitFor((e) => e.type === 'driver.arrived')).data).toEqual({
      orderId: o.orderId,
      jobId: o.job.id,
      at: 'delivery',
    });
    const arrivedAt = (await job(o.job.id)).arrivedAtCustomer;
    expect(arrivedAt).toBeInstanceOf(Date);
    const view = await viewAs(o.orderNumber, visitor);
    expect(view.status).toBe('OUT_FOR_DELIVERY');
    expect(view.driverArrivedAt).toBe(arrivedAt!.toISOString());

    const rows = await arrivalRows(o.orderId);
    expect(rows.map((r) => [r.channel, r.eventKind, r.recipientEmail ?? r.recipientPhone])).toEqual([
      ['email', 'driverArrived', 'door@example.com'],
      ['sms', 'driverArrived', '+447700900123'],
    ]);
    expect(rows[0].payload.title).toBe('Your driver has arrived');
    expect(rows[0].payload.text).toContain(o.orderNumber);

    // Pressed again: the same time, no new rows, no second live event.
    const before = customer.events.filter((e) => e.type === 'driver.arrived').length;
    expect((await driverCall(t, driver, 'POST', url(o.job.id), { at: 'delivery' })).statusCode).toBe(200);
    expect((await job(o.job.id)).arrivedAtCustomer).toEqual(arrivedAt);
    expect(await arrivalRows(o.orderId)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(customer.events.filter((e) => e.type === 'driver.arrived')).toHaveLength(before);
  });

  it("writes only the channels the signed-in customer's preferences allow", async () => {
    const email = `arrival.${Date.now()}@example.com`;
    const customerId = await createUser(t, { email, userType: 'customer', name: 'Yusuf' });
    const cookie = await signIn(t, email);
    await t.database.db.insert(notificationPreferences).values([
      { userId: customerId, channel: 'sms', kind: 'driverArrived', enabled: false },
      { userId: customerId, channel: 'push', kind: 'driverArrived', enabled: false },
    ]);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': `arrival-${Date.now()}` },
      payload: {
        siteId: shop.site.id,
        orderType: 'DELIVERY',
        items: [{ menuItemId: shop.items.wrap.id, quantity: 2 }],
        customerName: 'Yusuf',
        customerPhone: '07700 900456',
        deliveryAddress: '1 Brick Lane',
        deliveryPostcode: 'E1 6RF',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    await settle(t, orderId);
    expect((await act(t, shop.partner.cookie, orderId, { action: 'accept' })).statusCode).toBe(200);
    const [j] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId));
    expect((await driverCall(t, driver, 'POST', `/api/driver/jobs/${j.id}/accept`)).statusCode).toBe(200);
    await handOver(t, shop, orderId);
    expect((await driverCall(t, driver, 'POST', url(j.id), { at: 'delivery' })).statusCode).toBe(200);
    const rows = await arrivalRows(orderId);
    expect(rows.map((r) => [r.channel, r.recipientUserId, r.recipientEmail])).toEqual([['email', customerId, email]]);
  });
});

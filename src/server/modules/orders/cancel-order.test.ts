import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topicName } from '../../../domain/topics';
import { auditLog, deliveryJobs, orders, tickets } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let customer: string;
let otherCustomer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'c@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'c2@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'a@example.com', userType: 'admin', adminRole: 'super_admin' });
  customer = await signIn(t, 'c@example.com');
  otherCustomer = await signIn(t, 'c2@example.com');
  admin = await signIn(t, 'a@example.com');
}, 120_000);
afterAll(async () => t.close());

function post(url: string, payload: unknown, opts: { cookie?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { 'x-order-token': opts.token } : {}),
    },
  });
}

async function row(id: string) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
}

describe('POST /api/orders/:orderNumber/cancel', () => {
  it("cancels a signed-in customer's pending order with the reason, audited, and tells the order and the site live", async () => {
    const placed = (await place(t, deliveryBody(shop), { cookie: customer })).json().order;
    const events: { topic: string; type: string; data: unknown }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.order(placed.id), topicName.site(shop.site.id)], (e) =>
      events.push(e),
    );
    const res = await post(
      `/api/orders/${placed.orderNumber}/cancel`,
      { reason: '  Ordered twice ' },
      { cookie: customer },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'CANCELLED', statusLabel: 'Order Cancelled' });
    expect(await row(placed.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'customer',
      cancelReason: 'Ordered twice',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.id), eq(auditLog.actionType, 'order_cancelled')));
    expect(audit).toMatchObject({ entityType: 'order', performedByName: 'Aisha Khan' });
    expect(audit.details).toMatchObject({ by: 'customer', from: 'PENDING', reason: 'Ordered twice' });
    // The events travel through the bus's transport (NOTIFY): they arrive just after the answer.
    await vi.waitFor(() => {
      for (const topic of [topicName.order(placed.id), topicName.site(shop.site.id)]) {
        expect(events).toContainEqual(
          expect.objectContaining({
            topic,
            type: 'order.status',
            data: expect.objectContaining({ status: 'CANCELLED', previousStatus: 'PENDING', cancelledBy: 'customer' }),
          }),
        );
      }
    });
    off();
  });

  it("lets a visitor cancel with the order's token and no reason", async () => {
    const placed = (await place(t, pickupBody(shop))).json();
    const res = await post(`/api/orders/${placed.order.orderNumber}/cancel`, {}, { token: placed.orderToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(placed.order.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'customer',
      cancelReason: null,
    });
  });

  it('answers 404 to a stranger, a wrong token and another customer, and changes nothing', async () => {
    const placed = (await place(t, deliveryBody(shop), { cookie: customer })).json().order;
    const url = `/api/orders/${placed.orderNumber}/cancel`;
    for (const opts of [{}, { token: 'not-the-token' }, { cookie: otherCustomer }]) {
      const res = await post(url, {}, opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(404);
    }
    expect((await row(placed.id)).status).toBe('PENDING');
  });

  it("answers 403 to the restaurant's staff and the back office, who see the order but are not its customer", async () => {
    const placed = (await place(t, deliveryBody(shop), { cookie: customer })).json().order;
    for (const cookie of [shop.partner.cookie, admin]) {
      const res = await post(`/api/orders/${placed.orderNumber}/cancel`, { reason: 'x' }, { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only the customer can cancel this order');
    }
    expect((await row(placed.id)).status).toBe('PENDING');
  });

  it('refuses once the restaurant has accepted (409), leaving the order and its job as they were', async () => {
    const placed = (await place(t, deliveryBody(shop), { cookie: customer })).json().order;
    await settle(t, placed.id);
    expect((await act(t, shop.partner.cookie, placed.id, { action: 'accept' })).statusCode).toBe(200);
    const res = await post(`/api/orders/${placed.orderNumber}/cancel`, {}, { cookie: customer });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Order ${placed.orderNumber} is ACCEPTED; it cannot be cancelled`);
    expect((await row(placed.id)).status).toBe('ACCEPTED');
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, placed.id));
    expect(job.status).toBe('available');
  });

  it('answers 400 with a readable message to a reason that is too long or an unknown field', async () => {
    const placed = (await place(t, pickupBody(shop), { cookie: customer })).json().order;
    const url = `/api/orders/${placed.orderNumber}/cancel`;
    const long = await post(url, { reason: 'x'.repeat(501) }, { cookie: customer });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Please keep the reason under 500 characters');
    expect((await post(url, { status: 'DELIVERED' }, { cookie: customer })).statusCode).toBe(400);
    expect((await row(placed.id)).status).toBe('PENDING');
  });
});

describe('POST /api/orders/:orderNumber/cancel-request', () => {
  it('opens one high-priority ticket tied to an accepted order, however often the customer asks', async () => {
    const placed = (await place(t, deliveryBody(shop), { cookie: customer })).json().order;
    await settle(t, placed.id);
    await act(t, shop.partner.cookie, placed.id, { action: 'accept' });
    const url = `/api/orders/${placed.orderNumber}/cancel-request`;
    const first = await post(url, { reason: 'Wrong address' }, { cookie: customer });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(url, {}, { cookie: customer });
    expect(again.json().ticketNumber).toBe(first.json().ticketNumber);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.orderId, placed.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: `Cancellation request for order ${placed.orderNumber}`,
      priority: 'high',
      channel: 'customer',
      siteId: shop.site.id,
    });
    expect((await row(placed.id)).status).toBe('ACCEPTED');
  });

  it('sends a pending order back to the cancel button, and refuses strangers (404) and staff (403)', async () => {
    const placed = (await place(t, pickupBody(shop), { cookie: customer })).json().order;
    const url = `/api/orders/${placed.orderNumber}/cancel-request`;
    expect((await post(url, {}, { cookie: customer })).statusCode).toBe(409);
    expect((await post(url, {})).statusCode).toBe(404);
    expect((await post(url, {}, { cookie: otherCustomer })).statusCode).toBe(404);
    expect((await post(url, {}, { cookie: shop.partner.cookie })).statusCode).toBe(403);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.orderId, placed.id))).toHaveLength(0);
  });
});

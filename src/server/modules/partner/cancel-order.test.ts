import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topicName } from '../../../domain/topics';
import { auditLog, brandMemberships, deliveryJobs, orderStatusHistory, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { handOver, newDriver } from '../dispatch/test-fixtures';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';
import { transitionOrder } from '../orders/transition-order';
import { call } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let manager: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  // A site manager of the brand who is not on the Whitechapel branch.
  const managerId = await createUser(t, { email: 'manager@example.com', userType: 'partner' });
  await t.database.db
    .insert(brandMemberships)
    .values({ brandId: shop.brand.id, userId: managerId, role: 'site_manager' });
  manager = await signIn(t, 'manager@example.com');
  await createUser(t, { email: 'customer@example.com', userType: 'customer', status: 'active' });
  customer = await signIn(t, 'customer@example.com');
}, 120_000);
afterAll(async () => t.close());

const cancel = (orderId: string, body: unknown, cookie: string | null = shop.partner.cookie) =>
  call(t, 'POST', `/api/partner/orders/${orderId}/cancel`, cookie ?? undefined, body);

/** An order the restaurant has accepted (a delivery one is on the jobs board). */
async function accepted(type: 'DELIVERY' | 'PICKUP' = 'DELIVERY') {
  const order = (await place(t, type === 'DELIVERY' ? deliveryBody(shop) : pickupBody(shop))).json().order as {
    id: string;
    orderNumber: string;
  };
  await settle(t, order.id);
  const res = await act(t, shop.partner.cookie, order.id, { action: 'accept' });
  if (res.statusCode !== 200) throw new Error(res.body);
  await settle(t, order.id);
  return order;
}

async function orderRow(id: string) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
}

describe('POST /api/partner/orders/:orderId/cancel', () => {
  it('cancels an accepted order with the reason, audited, takes its job off the board and tells everyone live', async () => {
    const order = await accepted();
    const events: { topic: string; type: string; data: unknown }[] = [];
    const off = t.app.deps.bus.subscribe(
      [topicName.order(order.id), topicName.site(shop.site.id), topicName.jobs('E')],
      (e) => events.push(e),
    );
    const res = await cancel(order.id, { reason: 'Item ran out' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'CANCELLED',
      jobStatus: 'cancelled',
      availableActions: [],
      cancellation: { by: 'partner', reason: 'Item ran out' },
    });
    expect(res.json().order.statusHistory.at(-1)).toMatchObject({
      status: 'CANCELLED',
      note: 'cancelled by partner: Item ran out',
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'partner',
      cancelReason: 'Item ran out',
      // Nothing left the restaurant: no cash to account for.
      cashOutcome: null,
    });
    const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    expect(job.status).toBe('cancelled');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.actionType, 'order_cancelled')));
    expect(audit).toMatchObject({ performedBy: shop.partner.id, performedByName: 'Yusuf Rahman' });
    expect(audit.details).toMatchObject({ by: 'partner', from: 'ACCEPTED', reason: 'Item ran out' });
    const status = { orderId: order.id, status: 'CANCELLED', action: 'cancel', cancelledBy: 'partner' };
    // On PostgreSQL the events come back through NOTIFY, a moment after the answer.
    await vi.waitFor(() => {
      expect(events).toContainEqual({
        topic: topicName.order(order.id),
        type: 'order.status',
        data: expect.objectContaining(status),
      });
      off();
    });
    expect(events).toContainEqual({
      topic: topicName.site(shop.site.id),
      type: 'order.status',
      data: expect.objectContaining(status),
    });
    expect(events).toContainEqual({
      topic: topicName.jobs('E'),
      type: 'job.updated',
      data: { jobId: job.id, orderId: order.id, status: 'cancelled' },
    });
  });

  it("takes the job off its driver's screen when a driver has it, and the customer's page says why", async () => {
    const order = await accepted();
    const driver = await newDriver(t);
    await transitionOrder(
      { db: t.database.db, bus: t.app.deps.bus },
      { orderId: order.id, action: 'assign_driver', actor: { kind: 'driver', userId: driver.id } },
    );
    await settle(t, order.id);
    const res = await cancel(order.id, { reason: 'Other', details: '  The oven broke  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.cancellation).toEqual({ by: 'partner', reason: 'The oven broke' });
    const job = await call(t, 'GET', `/api/driver/jobs/${(await jobOf(order.id)).id}`, driver.cookie);
    expect(job.json().job.status).toBe('cancelled');
    const page = await call(t, 'GET', `/api/orders/${order.orderNumber}`, shop.partner.cookie);
    expect(page.json().order).toMatchObject({
      status: 'CANCELLED',
      cancellation: { by: 'partner', reason: 'The oven broke' },
    });
  });

  it('may cancel a pickup order the kitchen is preparing', async () => {
    const order = await accepted('PICKUP');
    await act(t, shop.partner.cookie, order.id, { action: 'start_preparing' });
    await settle(t, order.id);
    const res = await cancel(order.id, { reason: 'Closing early' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('CANCELLED');
  });

  it('refuses a pending order (that is a rejection) and a second cancel with 409', async () => {
    const pending = (await place(t, pickupBody(shop))).json().order;
    await settle(t, pending.id);
    const res = await cancel(pending.id, { reason: 'Kitchen too busy' });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(pending.id)).status).toBe('PENDING');
    const order = await accepted('PICKUP');
    expect((await cancel(order.id, { reason: 'Kitchen too busy' })).statusCode).toBe(200);
    await settle(t, order.id);
    expect((await cancel(order.id, { reason: 'Kitchen too busy' })).statusCode).toBe(409);
  });

  it('refuses an order out for delivery with 409: only the back office may cancel it then', async () => {
    const order = await accepted();
    const driver = await newDriver(t);
    await transitionOrder(
      { db: t.database.db, bus: t.app.deps.bus },
      { orderId: order.id, action: 'assign_driver', actor: { kind: 'driver', userId: driver.id } },
    );
    await settle(t, order.id);
    await handOver(t, shop, order.id);
    // Past the 2-second guard, so the state machine is what refuses.
    await t.database.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`${orderStatusHistory.createdAt} - interval '30 seconds'` })
      .where(eq(orderStatusHistory.orderId, order.id));
    const res = await call(t, 'POST', `/api/partner/orders/${order.id}/cancel`, shop.partner.cookie, {
      reason: 'Item ran out',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/is OUT_FOR_DELIVERY; it cannot be cancelled/);
    expect((await orderRow(order.id)).status).toBe('OUT_FOR_DELIVERY');
  });

  it('answers 400 with a readable message for a missing, unknown or unexplained reason, and for unknown fields', async () => {
    const order = await accepted('PICKUP');
    const cases: [unknown, RegExp][] = [
      [{}, /reason/i],
      [{ reason: 'Bored' }, /Choose a reason for cancelling/],
      [{ reason: 'Other' }, /Tell the customer why the order is cancelled/],
      [{ reason: 'Other', details: '   ' }, /Tell the customer why the order is cancelled/],
      [{ reason: 'Other', details: 'x'.repeat(201) }, /under 200 characters/],
      [{ reason: 'Item ran out', status: 'DELIVERED' }, /status/],
    ];
    for (const [body, message] of cases) {
      const res = await cancel(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await cancel('not-a-uuid', { reason: 'Item ran out' })).statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('ACCEPTED');
  });

  it('answers a stranger 401, a customer or driver 403, and another partner or a manager of another branch 404', async () => {
    const order = await accepted('PICKUP');
    const driver = await newDriver(t);
    expect((await cancel(order.id, { reason: 'Item ran out' }, null)).statusCode).toBe(401);
    expect((await cancel(order.id, { reason: 'Item ran out' }, customer)).statusCode).toBe(403);
    expect((await cancel(order.id, { reason: 'Item ran out' }, driver.cookie)).statusCode).toBe(403);
    expect((await cancel(order.id, { reason: 'Item ran out' }, shop.otherPartner.cookie)).statusCode).toBe(404);
    expect((await cancel(order.id, { reason: 'Item ran out' }, manager)).statusCode).toBe(404);
    expect((await cancel('00000000-0000-4000-8000-000000000000', { reason: 'Item ran out' })).statusCode).toBe(404);
    expect((await orderRow(order.id)).status).toBe('ACCEPTED');
  });
});

describe('Mark unavailable from the order card', () => {
  it("lists each line's menu item, and the branch override turns that item off on the restaurant page", async () => {
    const order = await accepted('PICKUP');
    const list = await call(t, 'GET', `/api/partner/sites/${shop.site.id}/orders`, shop.partner.cookie);
    const card = list.json().active.find((o: { id: string }) => o.id === order.id);
    const wrap = card.items.find((i: { name: string }) => i.name === 'Chicken Wrap');
    expect(wrap.menuItemId).toBe(shop.items.wrap.id);
    const events: { type: string; data: unknown }[] = [];
    const off = t.app.deps.bus.subscribe([topicName.site(shop.site.id)], (e) => events.push(e));
    const res = await call(
      t,
      'PUT',
      `/api/partner/sites/${shop.site.id}/items/${wrap.menuItemId}/override`,
      shop.partner.cookie,
      { isAvailable: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() =>
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'menu.updated', data: { siteId: shop.site.id, itemId: wrap.menuItemId } }),
      ),
    );
    off();
    const page = await call(t, 'GET', `/api/restaurants/${shop.site.slug}`);
    // The restaurant page lists available items only: the wrap is gone, the tea is still there.
    const ids = page
      .json()
      .restaurant.menu.sections.flatMap((s: { items: { id: string }[] }) => s.items.map((i) => i.id));
    expect(ids).not.toContain(wrap.menuItemId);
    expect(ids).toContain(shop.items.tea.id);
    // Another partner cannot switch this branch's items off.
    const other = await call(
      t,
      'PUT',
      `/api/partner/sites/${shop.site.id}/items/${wrap.menuItemId}/override`,
      shop.otherPartner.cookie,
      { isAvailable: false },
    );
    expect(other.statusCode).toBe(404);
  });
});

async function jobOf(orderId: string) {
  return (await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId)))[0];
}

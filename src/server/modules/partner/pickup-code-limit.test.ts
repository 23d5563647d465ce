import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_CODE_MESSAGES } from '../../../domain/code-attempts';
import { deliveryJobs, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser } from '../../test/test-app';
import { type Shop, act, deliveryBody, place, seedShop, settle } from '../orders/test-fixtures';
import { transitionOrder } from '../orders/transition-order';
import { call } from './test-fixtures';

/** The driver's pickup code cannot be guessed at the counter (docs/decisions/0203-secret-check-limits.md). */
let t: TestApp;
let shop: Shop;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driverId = await createUser(t, {
    email: 'pickup.driver@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
});
afterAll(async () => t.close());

const handOver = (orderId: string, pickupCode: string, cookie = shop.partner.cookie) =>
  call(t, 'POST', `/api/partner/orders/${orderId}/hand-over`, cookie, { pickupCode });
const wrongFor = (code: string) => (code === '0000' ? '1111' : '0000');
const jobOf = async (orderId: string) =>
  (await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId)))[0];
const statusOf = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].status;
/** The last wrong try `minutes` ago. */
const age = (orderId: string, minutes: number) =>
  t.database.db
    .update(deliveryJobs)
    .set({ pickupCodeFailedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(deliveryJobs.orderId, orderId));

async function readyDelivery(): Promise<{ orderId: string; code: string }> {
  const orderId = (await place(t, deliveryBody(shop))).json().order.id as string;
  const step = async (body: Record<string, unknown>) => {
    await settle(t, orderId);
    return act(t, shop.partner.cookie, orderId, body);
  };
  await step({ action: 'accept' });
  await transitionOrder(
    { db: t.database.db, bus: t.app.deps.bus },
    { orderId, action: 'assign_driver', actor: { kind: 'driver', userId: driverId } },
  );
  await step({ action: 'start_preparing' });
  await step({ action: 'mark_ready' });
  await settle(t, orderId);
  return { orderId, code: (await jobOf(orderId)).pickupCode };
}

describe('the pickup code at hand-over', () => {
  it('allows 5 wrong tries, then makes the restaurant wait 15 minutes, even for the right code', async () => {
    const { orderId, code } = await readyDelivery();
    for (let i = 0; i < 5; i++) {
      const wrong = await handOver(orderId, wrongFor(code));
      expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, PICKUP_CODE_MESSAGES.invalid]);
    }
    const waiting = await handOver(orderId, code);
    expect([waiting.statusCode, waiting.json().error.message]).toEqual([429, PICKUP_CODE_MESSAGES.wait]);
    expect(await statusOf(orderId)).toBe('READY');

    await age(orderId, 15);
    const right = await handOver(orderId, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(await statusOf(orderId)).toBe('OUT_FOR_DELIVERY');
    expect((await jobOf(orderId)).pickupCodeFailures).toBe(0);
  });

  it('counts guesses sent all at once exactly', async () => {
    const { orderId, code } = await readyDelivery();
    const answers = await Promise.all(Array.from({ length: 8 }, () => handOver(orderId, wrongFor(code))));
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });

  it('locks the code after 10 wrong tries in a row until support gives the job back to the board', async () => {
    const { orderId, code } = await readyDelivery();
    for (let i = 0; i < 5; i++) await handOver(orderId, wrongFor(code));
    for (let i = 0; i < 5; i++) {
      await age(orderId, 15);
      expect((await handOver(orderId, wrongFor(code))).statusCode).toBe(400);
    }
    await age(orderId, 24 * 60);
    const locked = await handOver(orderId, code);
    expect([locked.statusCode, locked.json().error.message]).toEqual([429, PICKUP_CODE_MESSAGES.locked]);
    expect(await statusOf(orderId)).toBe('READY');

    // Support takes the driver off: the job is offered again with a fresh code and count.
    await transitionOrder(
      { db: t.database.db, bus: t.app.deps.bus },
      { orderId, action: 'unassign_driver', actor: { kind: 'ops', userId: null } },
    );
    expect(await jobOf(orderId)).toMatchObject({
      status: 'available',
      pickupCodeFailures: 0,
      pickupCodeFailedAt: null,
    });
  });

  it("spends no try of someone else's order", async () => {
    const { orderId, code } = await readyDelivery();
    for (let i = 0; i < 6; i++)
      expect((await handOver(orderId, wrongFor(code), shop.otherPartner.cookie)).statusCode).toBe(404);
    expect((await jobOf(orderId)).pickupCodeFailures).toBe(0);
    expect((await handOver(orderId, code)).statusCode).toBe(200);
  });
});

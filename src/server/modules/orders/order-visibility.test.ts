import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/order-flow';
import { orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, deliveryBody, place, seedShop } from './test-fixtures';

/*
 * Who sees the customer's name, phone and address through GET /api/orders/:orderNumber
 * (docs/product/orders.md#who-may-see-an-order): the table in domain/order-visibility.ts, applied.
 */

let t: TestApp;
let shop: Shop;
const cookies: Record<string, string> = {};
let driverId: string;
let order: { id: string; orderNumber: string };

const PERSONAL = /Aisha|07700 ?900123|\+447700900123|Commercial Street|Ring twice|E1 6AN/;

async function get(cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/orders/${order.orderNumber}`,
    headers: cookie ? { cookie } : {},
  });
}

async function setStatus(status: OrderStatus) {
  await t.database.db.update(orders).set({ status, driverId }).where(eq(orders.id, order.id));
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  for (const role of ['super_admin', 'ops_manager', 'cs_agent', 'finance', 'read_only'] as const) {
    const email = `${role.replace('_', '.')}@example.com`;
    await createUser(t, { email, userType: 'admin', adminRole: role, name: `Team ${role}` });
    cookies[role] = await signIn(t, email);
  }
  driverId = await createUser(t, {
    email: 'bilal.driver@example.com',
    userType: 'driver',
    status: 'approved',
    name: 'Bilal Ahmed',
    phone: '07700 900456',
    driver: { postcode: 'E1', online: true, vehicle: 'scooter', licence: 'AHMED801015B99XY' },
  });
  cookies.driver = await signIn(t, 'bilal.driver@example.com');
  order = (await place(t, deliveryBody(shop))).json().order;
});
afterAll(async () => t.close());

describe("the customer's contact details to the back office", () => {
  it.each(['super_admin', 'ops_manager', 'cs_agent'])(
    'shows them to %s, who may open the order console',
    async (role) => {
      const res = await get(cookies[role]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order).toMatchObject({
        viewer: 'admin',
        contact: { name: 'Aisha Khan' },
        delivery: { address: '12 Commercial Street', instructions: 'Ring twice' },
      });
    },
  );

  it.each(['finance', 'read_only'])(
    'shows %s what was ordered and what it cost, but no name, phone or address',
    async (role) => {
      const res = await get(cookies[role]);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json().order;
      expect(view).toMatchObject({
        viewer: 'admin',
        orderNumber: order.orderNumber,
        contact: null,
        delivery: null,
        totalMinor: 1748,
        items: [{ name: 'Chicken Wrap' }, { name: 'Turkish Tea' }],
      });
      expect(res.body).not.toMatch(PERSONAL);
    },
  );
});

describe("the customer's contact details to the assigned driver", () => {
  it('shows them while the job is theirs and not finished', async () => {
    for (const status of ['DRIVER_ASSIGNED', 'PREPARING', 'READY', 'OUT_FOR_DELIVERY'] as const) {
      await setStatus(status);
      const view = (await get(cookies.driver)).json().order;
      expect(view, status).toMatchObject({
        viewer: 'driver',
        contact: { name: 'Aisha Khan' },
        delivery: { address: '12 Commercial Street', postcode: 'E1 6AN', instructions: 'Ring twice' },
        deliveryCode: null,
      });
    }
  });

  it.each(['DELIVERED', 'CANCELLED'] as const)('hides them once the order is %s', async (status) => {
    await setStatus(status);
    const res = await get(cookies.driver);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ viewer: 'driver', contact: null, delivery: null, totalMinor: 1748 });
    expect(res.body).not.toMatch(PERSONAL);
  });

  it('still shows them to the customer and the restaurant after delivery', async () => {
    await setStatus('DELIVERED');
    const staff = (await get(shop.partner.cookie)).json().order;
    expect(staff).toMatchObject({ viewer: 'staff', contact: { name: 'Aisha Khan' } });
  });

  it('answers a stranger 404, as before', async () => {
    expect((await get()).statusCode).toBe(404);
    expect((await get(shop.otherPartner.cookie)).statusCode).toBe(404);
  });
});

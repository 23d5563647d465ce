import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, deliveryBody, place, seedShop } from './test-fixtures';

let t: TestApp;
let shop: Shop;
const cookies: Record<string, string> = {};
let driverId: string;
let visitorOrder: { id: string; orderNumber: string };
let visitorToken: string;
let customerOrder: { id: string; orderNumber: string };

async function get(ref: string, opts: { cookie?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/orders/${ref}`,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { 'x-order-token': opts.token } : {}),
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  const people = [
    { key: 'customer', email: 'c@example.com', userType: 'customer', status: 'active' },
    { key: 'otherCustomer', email: 'c2@example.com', userType: 'customer', status: 'active' },
    { key: 'admin', email: 'a@example.com', userType: 'admin', adminRole: 'cs_agent' },
    {
      key: 'driver',
      email: 'd@example.com',
      userType: 'driver',
      status: 'approved',
      name: 'Bilal Ahmed',
      phone: '07700 900456',
      driver: { postcode: 'E1', online: true, vehicle: 'scooter', licence: 'X' },
    },
    {
      key: 'otherDriver',
      email: 'd2@example.com',
      userType: 'driver',
      status: 'approved',
      driver: { postcode: 'E1', online: true, vehicle: 'car', licence: 'Y' },
    },
  ] as const;
  for (const p of people) {
    const id = await createUser(t, p);
    if (p.key === 'driver') driverId = id;
    cookies[p.key] = await signIn(t, p.email);
  }
  const v = (await place(t, deliveryBody(shop))).json();
  visitorOrder = v.order;
  visitorToken = v.orderToken;
  customerOrder = (
    await place(t, deliveryBody(shop, { customerName: 'Signed In' }), { cookie: cookies.customer })
  ).json().order;
});
afterAll(async () => t.close());

describe('GET /api/orders/:orderNumber: who may see it', () => {
  it('shows the customer their own order', async () => {
    const res = await get(customerOrder.orderNumber, { cookie: cookies.customer });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      orderNumber: customerOrder.orderNumber,
      viewer: 'customer',
      contact: { name: 'Signed In', phone: '+447700900123' },
    });
  });

  it('shows the visitor holding the token their order, by number or by id', async () => {
    for (const ref of [visitorOrder.orderNumber, visitorOrder.orderNumber.toLowerCase(), visitorOrder.id]) {
      const res = await get(ref, { token: visitorToken });
      expect(res.statusCode, ref).toBe(200);
      expect(res.json().order.viewer).toBe('visitor');
    }
  });

  it('answers 404 "Order not found" without a token, with a wrong one, or to another customer, revealing nothing', async () => {
    const attempts = [
      get(visitorOrder.orderNumber),
      get(visitorOrder.orderNumber, { token: 'not-the-token' }),
      get(visitorOrder.id, { token: visitorToken.slice(0, -1) }),
      get(customerOrder.orderNumber, { cookie: cookies.otherCustomer }),
      get(customerOrder.orderNumber, { token: visitorToken }),
      get(customerOrder.orderNumber, { cookie: cookies.otherDriver }),
      get('HN-999999999', { cookie: cookies.admin }),
      get('not-an-order', { cookie: cookies.admin }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
      expect(res.body).not.toMatch(/Aisha|Signed In|7700900|Commercial/);
    }
  });

  it("shows the site's staff the order, but not a partner of another brand", async () => {
    const staff = await get(visitorOrder.orderNumber, { cookie: shop.partner.cookie });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().order.viewer).toBe('staff');
    const other = await get(visitorOrder.orderNumber, { cookie: shop.otherPartner.cookie });
    expect(other.statusCode).toBe(404);
  });

  it('shows admins any order', async () => {
    const res = await get(visitorOrder.orderNumber, { cookie: cookies.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.viewer).toBe('admin');
  });

  it('shows the assigned driver the order and its delivery details', async () => {
    await t.database.db
      .update(orders)
      .set({ driverId, status: 'DRIVER_ASSIGNED' })
      .where(eq(orders.id, customerOrder.id));
    const res = await get(customerOrder.orderNumber, { cookie: cookies.driver });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      viewer: 'driver',
      driver: null,
      deliveryCode: null,
      delivery: { postcode: 'E1 6AN' },
    });
  });
});

describe('GET /api/orders/:orderNumber: what each viewer sees', () => {
  it('answers the full order view', async () => {
    const { order } = (await get(visitorOrder.orderNumber, { token: visitorToken })).json();
    expect(order).toMatchObject({
      status: 'PENDING',
      statusLabel: 'Awaiting Confirmation',
      orderType: 'DELIVERY',
      site: {
        id: shop.site.id,
        name: shop.siteName,
        slug: shop.site.slug,
        phone: '020 7946 0101',
        address: '1 Whitechapel Road, London',
        lat: shop.site.lat,
        lng: shop.site.lng,
      },
      subtotalMinor: 1499,
      deliveryFeeMinor: 249,
      tipMinor: 0,
      totalMinor: 1748,
      contact: { name: 'Aisha Khan', phone: '+447700900123' },
      delivery: { address: '12 Commercial Street', postcode: 'E1 6AN', instructions: 'Ring twice' },
      statusHistory: [{ status: 'PENDING' }],
      prepTimeMinutes: null,
      rejectionReason: null,
      eta: { isLate: false, csTicketCreated: false, source: 'fallback' },
      driver: null,
      deliveryCode: null,
      canRate: false,
      rating: null,
    });
  });

  it('shows the delivery code only to the customer and only while out for delivery', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, customerOrder.id));
    await db.update(orders).set({ status: 'READY' }).where(eq(orders.id, customerOrder.id));
    expect((await get(customerOrder.orderNumber, { cookie: cookies.customer })).json().order.deliveryCode).toBeNull();
    await db.update(orders).set({ status: 'OUT_FOR_DELIVERY' }).where(eq(orders.id, customerOrder.id));
    expect((await get(customerOrder.orderNumber, { cookie: cookies.customer })).json().order.deliveryCode).toBe(
      row.deliveryVerificationCode,
    );
    for (const who of [cookies.driver, cookies.admin, shop.partner.cookie]) {
      expect((await get(customerOrder.orderNumber, { cookie: who })).json().order.deliveryCode).toBeNull();
    }
    await db.update(orders).set({ status: 'DELIVERED' }).where(eq(orders.id, customerOrder.id));
    const done = (await get(customerOrder.orderNumber, { cookie: cookies.customer })).json().order;
    expect(done).toMatchObject({ deliveryCode: null, canRate: true, statusLabel: 'Delivered' });
  });

  it('shows the driver card while a driver is on the order, to everyone but the driver', async () => {
    const db = t.database.db;
    await db.update(orders).set({ status: 'OUT_FOR_DELIVERY' }).where(eq(orders.id, customerOrder.id));
    // Phones are stored in E.164 (docs/decisions/0208-phones-in-e164.md); the web shows them in UK style.
    const card = { firstName: 'Bilal', lastName: 'Ahmed', phone: '+447700900456', vehicleType: 'scooter' };
    for (const who of [cookies.customer, cookies.admin, shop.partner.cookie]) {
      expect((await get(customerOrder.orderNumber, { cookie: who })).json().order.driver).toEqual(card);
    }
    expect((await get(customerOrder.orderNumber, { cookie: cookies.driver })).json().order.driver).toBeNull();
    await db.update(orders).set({ status: 'DELIVERED' }).where(eq(orders.id, customerOrder.id));
    expect((await get(customerOrder.orderNumber, { cookie: cookies.customer })).json().order.driver).toBeNull();
  });
});

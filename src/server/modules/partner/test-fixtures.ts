import { randomUUID } from 'node:crypto';
import type { OrderStatus, OrderType } from '../../../domain/order-flow';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import {
  brandMemberships,
  brands,
  orderItems,
  orderStatusHistory,
  orders,
  siteStaff,
  sites,
} from '../../db/schema/index';
import { type TestApp, createUser, signIn } from '../../test/test-app';

export type Person = { id: string; email: string; cookie: string };

async function person(t: TestApp, email: string, userType: 'partner' | 'customer' = 'partner'): Promise<Person> {
  const id = await createUser(t, {
    email,
    userType,
    name: email.split('@')[0],
    status: userType === 'customer' ? 'active' : undefined,
  });
  return { id, email, cookie: await signIn(t, email) };
}

let seq = 0;

/**
 * Two brands: A (owner, an admin, a site manager of A1 only; locations A1 and A2) and B (another
 * partner's, location B1), plus a customer. Every test file builds its own.
 */
export async function partnerWorld(t: TestApp) {
  const tag = `${++seq}${randomUUID().slice(0, 6)}`;
  const db = t.database.db;
  const owner = await person(t, `owner.${tag}@example.com`);
  const admin = await person(t, `admin.${tag}@example.com`);
  const manager = await person(t, `manager.${tag}@example.com`);
  const other = await person(t, `other.${tag}@example.com`);
  const customer = await person(t, `customer.${tag}@example.com`, 'customer');

  const [brandA] = await db
    .insert(brands)
    .values({ name: `Brand A ${tag}`, createdBy: owner.id })
    .returning();
  const [brandB] = await db
    .insert(brands)
    .values({ name: `Brand B ${tag}`, createdBy: other.id })
    .returning();
  await db.insert(brandMemberships).values([
    { brandId: brandA.id, userId: owner.id, role: 'owner' },
    { brandId: brandA.id, userId: admin.id, role: 'admin' },
    { brandId: brandA.id, userId: manager.id, role: 'site_manager' },
    { brandId: brandB.id, userId: other.id, role: 'owner' },
  ]);
  const site = async (brandId: string, name: string) =>
    (
      await db
        .insert(sites)
        .values({
          brandId,
          name,
          slug: `${name.toLowerCase()}-${tag}`,
          address: `1 ${name} Road`,
          city: 'London',
          postcode: 'E1 6AN',
          lat: 51.5174,
          lng: -0.0603,
          openingHours: defaultOpeningHours(),
        })
        .returning()
    )[0];
  const a1 = await site(brandA.id, 'Aldgate');
  const a2 = await site(brandA.id, 'Angel');
  const b1 = await site(brandB.id, 'Bow');
  await db.insert(siteStaff).values({ siteId: a1.id, userId: manager.id });
  return { tag, owner, admin, manager, other, customer, brandA, brandB, a1, a2, b1 };
}
export type PartnerWorld = Awaited<ReturnType<typeof partnerWorld>>;

/** Inserts an order straight into the database (the order API is tested by its own module). */
export async function insertOrder(
  t: TestApp,
  siteId: string,
  opts: { status?: OrderStatus; orderType?: OrderType; createdAt?: Date; customerName?: string } = {},
) {
  const db = t.database.db;
  const createdAt = opts.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `HN-${900000 + ++seq}${Math.floor(Math.random() * 1000)}`,
      customerName: opts.customerName ?? 'Aisha Khan',
      customerPhone: '07700 900123',
      siteId,
      subtotalMinor: 1300,
      deliveryFeeMinor: opts.orderType === 'PICKUP' ? 0 : 249,
      totalMinor: opts.orderType === 'PICKUP' ? 1300 : 1549,
      orderType: opts.orderType ?? 'DELIVERY',
      deliveryAddress: opts.orderType === 'PICKUP' ? null : '12 Commercial Street',
      deliveryPostcode: opts.orderType === 'PICKUP' ? null : 'E1 6AN',
      deliveryVerificationCode: '1234',
      status: opts.status ?? 'PENDING',
      estimatedDeliveryTime: 40,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db
    .insert(orderItems)
    .values({ orderId: order.id, name: 'Chicken Wrap', unitPriceMinor: 650, quantity: 2, lineTotalMinor: 1300 });
  await db
    .insert(orderStatusHistory)
    .values({ orderId: order.id, status: 'PENDING', createdAt: new Date(createdAt.getTime() - 60_000) });
  return order;
}

/** A JSON request through app.inject. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
}

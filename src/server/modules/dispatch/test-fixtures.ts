import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { deliveryJobs, driverPayoutDetails, orders } from '../../db/schema/index';
import { multipartFile } from '../../test/multipart';
import { type TestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, place, settle } from '../orders/test-fixtures';
import { transitionOrder } from '../orders/transition-order';

export type Driver = { id: string; email: string; cookie: string };

let counter = 0;

/** An approved driver (online, postcode E1 by default) and their session cookie. */
export async function newDriver(
  t: TestApp,
  over: {
    postcode?: string | null;
    online?: boolean;
    status?: 'approved' | 'pending' | 'suspended';
    /** The driver's full name as they signed up with it; "Driver n" when not given. */
    name?: string;
  } = {},
): Promise<Driver> {
  const email = `driver${++counter}.${Date.now()}@example.com`;
  const postcode = over.postcode === undefined ? 'E1' : over.postcode;
  const id = await createUser(t, {
    email,
    userType: 'driver',
    status: over.status ?? 'approved',
    name: over.name ?? `Driver ${counter}`,
    ...(postcode
      ? { driver: { postcode, online: over.online ?? true, vehicle: 'bike' as const, licence: `LIC${counter}` } }
      : {}),
  });
  return { id, email, cookie: await signIn(t, email) };
}

/** A delivery order the restaurant has accepted, so its job is on offer in area E. */
export async function offeredJob(t: TestApp, shop: Shop, body: Record<string, unknown> = {}) {
  const placed = (await place(t, deliveryBody(shop, body))).json();
  await settle(t, placed.order.id);
  const res = await act(t, shop.partner.cookie, placed.order.id, { action: 'accept' });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.body}`);
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, placed.order.id));
  return {
    orderId: placed.order.id as string,
    orderNumber: placed.order.orderNumber as string,
    orderToken: placed.orderToken as string,
    job,
  };
}

/** Calls a driver API route. */
export function driverCall(
  t: TestApp,
  d: Driver | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: d ? { cookie: d.cookie } : {},
    payload: payload as Record<string, unknown> | undefined,
  });
}

/** The restaurant prepares the order and hands it to the driver with their pickup code. */
export async function handOver(t: TestApp, shop: Shop, orderId: string) {
  for (const action of ['start_preparing', 'mark_ready']) {
    await settle(t, orderId);
    const res = await act(t, shop.partner.cookie, orderId, { action });
    if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
  }
  const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId));
  await transitionOrder(
    { db: t.database.db, bus: t.app.deps.bus },
    {
      orderId,
      action: 'hand_to_driver',
      actor: { kind: 'partner', userId: shop.partner.id },
      pickupCode: job.pickupCode,
      now: new Date(Date.now() + 5000),
    },
  );
}

/** The customer's 4-digit code for an order. */
export async function customerCode(t: TestApp, orderId: string): Promise<string> {
  const [o] = await t.database.db
    .select({ code: orders.deliveryVerificationCode })
    .from(orders)
    .where(eq(orders.id, orderId));
  return o.code;
}

export function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } })
    .jpeg()
    .toBuffer();
}

/** Uploads a file as this driver; returns the response. */
export async function upload(
  t: TestApp,
  d: Driver,
  purpose: string,
  data: Buffer,
  name = 'photo.jpg',
  type = 'image/jpeg',
) {
  const m = multipartFile(data, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    headers: { ...m.headers, cookie: d.cookie },
    payload: m.payload,
  });
}

/** Gives the driver payout details (a pair that passes the modulus check), so a cash-out can be requested. */
export async function withPayoutDetails(t: TestApp, d: Driver): Promise<Driver> {
  await t.database.db
    .insert(driverPayoutDetails)
    .values({ driverId: d.id, accountName: 'Test Driver', sortCode: '089999', accountNumber: '66374958' })
    .onConflictDoNothing();
  return d;
}

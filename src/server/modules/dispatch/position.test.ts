import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJobs } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, seedShop } from '../orders/test-fixtures';
import { type Driver, customerCode, driverCall, handOver, jpeg, newDriver, offeredJob, upload } from './test-fixtures';

let t: TestApp;
let shop: Shop;
let driver: Driver;
let admin: string;
let base: string;
const streams: Stream[] = [];
const HERE = { lat: 51.5203, lng: -0.0712 };

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  driver = await newDriver(t);
  await createUser(t, { email: 'maps-admin@example.com', userType: 'admin', adminRole: 'super_admin' });
  admin = await signIn(t, 'maps-admin@example.com');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const positionUrl = (jobId: string) => `/api/driver/jobs/${jobId}/position`;

async function accepted(d = driver) {
  const o = await offeredJob(t, shop);
  const res = await driverCall(t, d, 'POST', `/api/driver/jobs/${o.job.id}/accept`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return o;
}

async function storedPosition(jobId: string) {
  const [j] = await t.database.db
    .select({ lat: deliveryJobs.driverLat, lng: deliveryJobs.driverLng, at: deliveryJobs.driverLocatedAt })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, jobId));
  return j;
}

/** The order as one viewer sees it. */
async function viewAs(orderNumber: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}`, headers });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().order;
}

describe('POST /api/driver/jobs/:jobId/position', () => {
  it('refuses a stranger (401), another role (403), another driver (404) and bad coordinates (400)', async () => {
    const o = await accepted();
    const url = positionUrl(o.job.id);
    expect((await driverCall(t, null, 'POST', url, HERE)).statusCode).toBe(401);
    const asPartner = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: shop.partner.cookie },
      payload: HERE,
    });
    expect(asPartner.statusCode).toBe(403);
    const other = await newDriver(t);
    const res = await driverCall(t, other, 'POST', url, HERE);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Job not found');
    for (const bad of [
      { lat: 91, lng: 0 },
      { lat: 0, lng: -181 },
      { lat: '51.5', lng: 0 },
      { lat: 51.5 },
      { ...HERE, accuracyMetres: -1 },
      { ...HERE, extra: 1 },
    ]) {
      expect((await driverCall(t, driver, 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await storedPosition(o.job.id)).toEqual({ lat: null, lng: null, at: null });
  });

  it('refuses a job still on offer: it is not theirs yet (404)', async () => {
    const offered = await offeredJob(t, shop);
    expect((await driverCall(t, driver, 'POST', positionUrl(offered.job.id), HERE)).statusCode).toBe(404);
  });

  it("stores the last position, tells the order's followers without coordinates, and shows it only to the customer and admins while out for delivery", async () => {
    const o = await accepted();
    const customer = await openStream(
      base,
      `/api/events?topics=order:${o.orderId}&orderToken=${encodeURIComponent(o.orderToken)}`,
    );
    streams.push(customer);
    let res = await driverCall(t, driver, 'POST', positionUrl(o.job.id), { ...HERE, accuracyMetres: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    const event = await customer.waitFor((e) => e.type === 'driver.position');
    expect(event.data).toEqual({ orderId: o.orderId, at: res.json().at });
    expect(await storedPosition(o.job.id)).toMatchObject(HERE);

    // Assigned but not yet picked up: nobody sees it on the order.
    const visitor = { 'x-order-token': o.orderToken };
    expect((await viewAs(o.orderNumber, visitor)).driverLocation).toBeNull();

    await handOver(t, shop, o.orderId);
    res = await driverCall(t, driver, 'POST', positionUrl(o.job.id), { lat: 51.53, lng: -0.06 });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await viewAs(o.orderNumber, visitor);
    expect(seen.status).toBe('OUT_FOR_DELIVERY');
    expect(seen.driverLocation).toEqual({ lat: 51.53, lng: -0.06, at: res.json().at });
    expect(seen.delivery).toHaveProperty('lat');
    expect((await viewAs(o.orderNumber, { cookie: admin })).driverLocation).toMatchObject({ lat: 51.53, lng: -0.06 });
    expect((await viewAs(o.orderNumber, { cookie: shop.partner.cookie })).driverLocation).toBeNull();
    expect((await viewAs(o.orderNumber, { cookie: driver.cookie })).driverLocation).toBeNull();

    // Completing the delivery forgets the position; later reports are refused.
    const proof = await upload(t, driver, 'proof_of_delivery', await jpeg());
    const code = await customerCode(t, o.orderId);
    res = await driverCall(t, driver, 'POST', `/api/driver/jobs/${o.job.id}/complete`, {
      code,
      proofUploadId: proof.json().id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedPosition(o.job.id)).toEqual({ lat: null, lng: null, at: null });
    expect((await viewAs(o.orderNumber, visitor)).driverLocation).toBeNull();
    res = await driverCall(t, driver, 'POST', positionUrl(o.job.id), HERE);
    expect(res.statusCode).toBe(409);
    expect(await storedPosition(o.job.id)).toEqual({ lat: null, lng: null, at: null });
  });
});

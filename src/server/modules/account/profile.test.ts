import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  customerAddresses,
  customerFavourites,
  deliveryJobs,
  mailOutbox,
  orders,
  reviews,
  session,
  sites,
  user,
  userProfiles,
} from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, deliveryBody, place, seedShop } from '../orders/test-fixtures';

let t: TestApp;
let shop: Shop;
let me: string;
let other: string;
let partner: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await createUser(t, { email: 'me@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'other@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'driver@example.com', userType: 'driver', status: 'approved' });
  me = await signIn(t, 'me@example.com');
  other = await signIn(t, 'other@example.com');
  partner = await signIn(t, 'driver@example.com');
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object | undefined,
  });
}

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mail = rows.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { mail, path: /https?:\/\/\S+/.exec(mail.text)![0].replace(TEST_ORIGIN, '') };
}

describe('PATCH /api/account/profile', () => {
  it('saves the name and phone, and GET answers them', async () => {
    const res = await call('PATCH', '/api/account/profile', me, {
      firstName: ' Amina ',
      lastName: 'Khan',
      phone: '07700 900123',
    });
    expect(res.statusCode).toBe(200);
    // Stored and answered in E.164 (docs/decisions/0208-phones-in-e164.md); the form shows 07700 900123.
    expect(res.json()).toMatchObject({ firstName: 'Amina', lastName: 'Khan', phone: '+447700900123' });
    const got = (await call('GET', '/api/account/profile', me)).json();
    expect(got).toMatchObject({ email: 'me@example.com', firstName: 'Amina', phone: '+447700900123' });
  });

  it('leaves out fields as they were and clears a field sent empty', async () => {
    const res = await call('PATCH', '/api/account/profile', me, { lastName: '' });
    expect(res.json()).toMatchObject({ firstName: 'Amina', lastName: null, phone: '+447700900123' });
  });

  it('refuses a phone that is not a UK number, and unknown fields such as the user type', async () => {
    const bad = await call('PATCH', '/api/account/profile', me, { phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Please enter a valid UK phone number');
    expect((await call('PATCH', '/api/account/profile', me, { userType: 'admin' })).statusCode).toBe(400);
  });

  it('is for signed-in customers only (401 stranger, 403 driver)', async () => {
    expect((await call('PATCH', '/api/account/profile', undefined, { firstName: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', '/api/account/profile', partner, { firstName: 'X' })).statusCode).toBe(403);
  });
});

describe('/api/account/favourites', () => {
  it('saves a branch (twice is still once) and lists it with its card', async () => {
    expect((await call('PUT', `/api/account/favourites/${shop.site.id}`, me)).json()).toEqual({
      siteId: shop.site.id,
      favourite: true,
    });
    expect((await call('PUT', `/api/account/favourites/${shop.site.id}`, me)).statusCode).toBe(200);
    const list = (await call('GET', '/api/account/favourites', me)).json();
    expect(list.siteIds).toEqual([shop.site.id]);
    expect(list.restaurants).toHaveLength(1);
    expect(list.restaurants[0]).toMatchObject({ id: shop.site.id, slug: shop.site.slug });
    expect((await call('GET', '/api/account/favourites', other)).json()).toEqual({ siteIds: [], restaurants: [] });
  });

  it('says on each card whether the branch delivers to the known postcode (deliverTo)', async () => {
    const near = (await call('GET', '/api/account/favourites?deliverTo=ec1v2nx', me)).json();
    expect(near.restaurants[0]).toMatchObject({ id: shop.site.id, deliversHere: true });
    expect(near.restaurants[0].distanceKm).toEqual(expect.any(Number));
    const far = (await call('GET', '/api/account/favourites?deliverTo=W6%200NW', me)).json();
    expect(far.restaurants[0]).toMatchObject({ id: shop.site.id, deliversHere: false });
    const none = (await call('GET', '/api/account/favourites', me)).json();
    expect(none.restaurants[0]).toMatchObject({ deliversHere: null, distanceKm: null });
    const bad = await call('GET', '/api/account/favourites?deliverTo=E1', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/deliverTo must be a full UK postcode/);
  });

  it("answers 404 for someone else's favourite and an unknown branch, and writes nothing", async () => {
    expect((await call('DELETE', `/api/account/favourites/${shop.site.id}`, other)).statusCode).toBe(404);
    expect((await call('PUT', '/api/account/favourites/dddddddd-dddd-4ddd-8ddd-dddddddddddd', other)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/account/favourites/not-a-uuid', other)).statusCode).toBe(400);
    const rows = await t.database.db.select().from(customerFavourites);
    expect(rows).toHaveLength(1);
  });

  it('keeps the heart but shows no card for a branch taken off the platform', async () => {
    await t.database.db.update(sites).set({ status: 'inactive' }).where(eq(sites.id, shop.site.id));
    const list = (await call('GET', '/api/account/favourites', me)).json();
    expect(list).toEqual({ siteIds: [shop.site.id], restaurants: [] });
    await t.database.db.update(sites).set({ status: 'active' }).where(eq(sites.id, shop.site.id));
  });

  it('removes a favourite', async () => {
    expect((await call('DELETE', `/api/account/favourites/${shop.site.id}`, me)).statusCode).toBe(204);
    expect((await call('GET', '/api/account/favourites', me)).json().siteIds).toEqual([]);
    expect((await call('DELETE', `/api/account/favourites/${shop.site.id}`, me)).statusCode).toBe(404);
  });

  it('is for signed-in customers only', async () => {
    expect((await call('GET', '/api/account/favourites')).statusCode).toBe(401);
    expect((await call('PUT', `/api/account/favourites/${shop.site.id}`, partner)).statusCode).toBe(403);
  });
});

describe('change e-mail and password (better-auth)', () => {
  it('changes the e-mail only once the link mailed to the new address is opened', async () => {
    await createUser(t, { email: 'mover@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'mover@example.com');
    const res = await call('POST', '/api/auth/change-email', cookie, {
      newEmail: 'moved@example.com',
      // The current password is asked for (docs/decisions/0203-secret-check-limits.md).
      password: TEST_PASSWORD,
      callbackURL: '/account?tab=profile',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/account/profile', cookie)).json().email).toBe('mover@example.com');
    const { mail, path } = await lastMailTo('moved@example.com');
    expect(mail.subject).toBe('Confirm your new HalalNosh e-mail address');
    const open = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(open.statusCode).toBe(302);
    expect((await call('GET', '/api/account/profile', cookie)).json().email).toBe('moved@example.com');
    await signIn(t, 'moved@example.com');
  });

  it('changes the password only with the current one', async () => {
    await createUser(t, { email: 'pw@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'pw@example.com');
    const wrong = await call('POST', '/api/auth/change-password', cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-password',
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    const right = await call('POST', '/api/auth/change-password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password',
      revokeOtherSessions: true,
    });
    expect(right.statusCode).toBe(200);
    await expect(signIn(t, 'pw@example.com')).rejects.toThrow();
    await signIn(t, 'pw@example.com', 'a-brand-new-password');
  });

  it('mails a fresh confirmation link to an unconfirmed account', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email: 'unconfirmed@example.com',
        password: TEST_PASSWORD,
        name: 'U',
        userType: 'customer',
        callbackURL: '/auth/callback',
      },
    });
    const before = (await t.database.db.select().from(mailOutbox)).filter((m) => m.to === 'unconfirmed@example.com');
    const res = await call('POST', '/api/auth/send-verification-email', undefined, {
      email: 'unconfirmed@example.com',
      callbackURL: '/auth/callback',
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.database.db.select().from(mailOutbox)).filter((m) => m.to === 'unconfirmed@example.com');
    expect(after.length).toBe(before.length + 1);
    expect((await lastMailTo('unconfirmed@example.com')).mail.subject).toBe('Confirm your HalalNosh account');
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password and an account with an order in progress', async () => {
    await createUser(t, { email: 'busy@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'busy@example.com');
    const placed = (await place(t, deliveryBody(shop), { cookie })).json().order;
    const wrong = await call('DELETE', '/api/account', cookie, { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    const busy = await call('DELETE', '/api/account', cookie, { password: TEST_PASSWORD });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toContain(placed.orderNumber);
    expect((await call('GET', '/api/account/profile', cookie)).statusCode).toBe(200);
  });

  it('keeps the orders without name, e-mail, phone or address, and ends every session', async () => {
    const id = await createUser(t, { email: 'leaver@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'leaver@example.com');
    const second = await signIn(t, 'leaver@example.com');
    const order = (
      await place(t, deliveryBody(shop, { customerName: 'Lee Ver', customerPhone: '07700 900999' }), { cookie })
    ).json().order;
    const db = t.database.db;
    await db.update(orders).set({ status: 'DELIVERED' }).where(eq(orders.id, order.id));
    await db.insert(deliveryJobs).values({
      orderId: order.id,
      siteId: shop.site.id,
      pickupCode: '1234',
      pickupAddress: 'Shop',
      pickupArea: 'E',
      deliveryAddress: '1 Secret Street',
      deliveryPostcode: 'E1 6AN',
      restaurantName: 'Shop',
      customerName: 'Lee Ver',
      distanceMiles: 1,
      deliveryFeeMinor: 249,
      customerOrderTotalMinor: order.totalMinor,
      totalPayMinor: 400,
      expiresAt: new Date(),
      status: 'completed',
    });
    await call('PUT', `/api/account/favourites/${shop.site.id}`, cookie);
    await call('POST', '/api/account/addresses', cookie, {
      addressLine1: '1 Secret Street',
      city: 'London',
      postcode: 'E1 6AN',
    });
    await db.insert(reviews).values({ userId: id, siteId: shop.site.id, rating: 1 });
    await db.update(sites).set({ reviewCount: 1, ratingAvg: 1 }).where(eq(sites.id, shop.site.id));

    const res = await call('DELETE', '/api/account', cookie, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(204);

    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      customerId: null,
      customerName: 'Deleted customer',
      customerPhone: '',
      customerEmail: null,
      deliveryAddress: null,
      deliveryPostcode: null,
      deliveryInstructions: null,
      deliveryLat: null,
      deliveryLng: null,
      totalMinor: order.totalMinor,
      status: 'DELIVERED',
    });
    const [job] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    expect(job).toMatchObject({ customerName: 'Deleted customer', deliveryAddress: '', deliveryPostcode: null });
    for (const table of [session, account] as const) {
      expect(await db.select().from(table).where(eq(table.userId, id))).toEqual([]);
    }
    expect(await db.select().from(user).where(eq(user.id, id))).toEqual([]);
    expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, id))).toEqual([]);
    expect(await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, id))).toEqual([]);
    expect(await db.select().from(customerFavourites).where(eq(customerFavourites.customerId, id))).toEqual([]);
    const [site] = await db.select().from(sites).where(eq(sites.id, shop.site.id));
    expect(site).toMatchObject({ reviewCount: 0, ratingAvg: null });
    for (const c of [cookie, second]) expect((await call('GET', '/api/account/profile', c)).statusCode).toBe(401);
    await expect(signIn(t, 'leaver@example.com')).rejects.toThrow();
  });

  it('is for signed-in customers only', async () => {
    expect((await call('DELETE', '/api/account', undefined, { password: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/account', partner, { password: TEST_PASSWORD })).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../../domain/settings';
import { deliveryJobs, sites, userProfiles } from '../../db/schema/index';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { customerCode, driverCall, jpeg, newDriver, offeredJob, upload } from '../dispatch/test-fixtures';
import { deliveryBody, place, seedShop, settle } from '../orders/test-fixtures';

/*
 * The server refuses a driver's or partner's work until they accept the current terms version
 * (docs/decisions/0154-terms-acceptance.md): writes of partner and approved-driver routes are a
 * 403 TERMS_NOT_ACCEPTED; reads, the terms routes and signing out are not.
 */
let t: TestApp;
const cookies: Record<'partner' | 'driver' | 'customer' | 'ops', string> = {
  partner: '',
  driver: '',
  customer: '',
  ops: '',
};

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'new.partner@example.com', userType: 'partner', termsVersion: null });
  await createUser(t, {
    email: 'new.driver@example.com',
    userType: 'driver',
    status: 'approved',
    termsVersion: null,
    driver: { postcode: 'E1', online: false, vehicle: 'bike', licence: 'TERMS1' },
  });
  await createUser(t, { email: 'eater@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'ops.terms@example.com', userType: 'admin', adminRole: 'ops_manager' });
  cookies.partner = await signIn(t, 'new.partner@example.com');
  cookies.driver = await signIn(t, 'new.driver@example.com');
  cookies.customer = await signIn(t, 'eater@example.com');
  cookies.ops = await signIn(t, 'ops.terms@example.com');
});
afterAll(async () => t.close());

const send = (who: keyof typeof cookies, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: cookies[who] },
    ...(payload ? { payload } : {}),
  });
const newBrand = (name: string) => send('partner', 'POST', '/api/partner/brands', { name });
const goOnline = () => send('driver', 'PATCH', '/api/driver/availability', { isOnline: true });
const accept = (who: keyof typeof cookies, version: string) => send(who, 'POST', '/api/terms/accept', { version });
const refusal = { error: { code: 'TERMS_NOT_ACCEPTED', message: 'Please accept the current terms to continue.' } };

describe('work before the current terms are accepted', () => {
  it('refuses a partner and an approved driver a write with 403 TERMS_NOT_ACCEPTED, and writes nothing', async () => {
    const brand = await newBrand('Refused Grill');
    expect(brand.statusCode).toBe(403);
    expect(brand.json()).toEqual(refusal);
    expect((await send('partner', 'GET', '/api/partner/brands')).json().brands).toEqual([]);
    const online = await goOnline();
    expect(online.statusCode).toBe(403);
    expect(online.json()).toEqual(refusal);
    const [driver] = await t.database.db
      .select({ isOnline: userProfiles.isOnline })
      .from(userProfiles)
      .where(eq(userProfiles.email, 'new.driver@example.com'));
    expect(driver.isOnline).toBe(false);
  });

  it('still lets them read, see the terms and sign out', async () => {
    expect((await send('partner', 'GET', '/api/partner/brands')).statusCode).toBe(200);
    expect((await send('driver', 'GET', '/api/driver/jobs')).statusCode).toBe(200);
    expect((await send('partner', 'GET', '/api/terms')).json()).toMatchObject({ mustAccept: true });
    const extra = await signIn(t, 'new.driver@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: extra },
    });
    expect(out.statusCode).toBe(200);
  });

  it('answers a stranger 401 and a customer 403 FORBIDDEN first', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/partner/brands', payload: { name: 'X' } })).statusCode,
    ).toBe(401);
    const customer = await send('customer', 'POST', '/api/partner/brands', { name: 'X' });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('FORBIDDEN');
  });
});

describe('after accepting', () => {
  it('lets them work, and refuses again once an admin moves the version on, until they accept that one', async () => {
    expect((await accept('partner', '1.0')).statusCode).toBe(200);
    expect((await accept('driver', '1.0')).statusCode).toBe(200);
    expect((await newBrand('Accepted Grill')).statusCode).toBe(201);
    expect((await goOnline()).statusCode).toBe(200);
    expect((await send('partner', 'POST', '/api/partner/brands', { name: '' })).statusCode).toBe(400);

    const moved = await send('ops', 'PUT', '/api/admin/settings/terms_version', { value: '2.0' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await newBrand('Later Grill')).json()).toEqual(refusal);
    expect((await goOnline()).json()).toEqual(refusal);
    // Customers and staff are never asked: the admin's own write went through above.
    expect((await send('customer', 'GET', '/api/terms')).json().mustAccept).toBe(false);

    expect((await accept('partner', '2.0')).statusCode).toBe(200);
    expect((await accept('driver', '2.0')).statusCode).toBe(200);
    expect((await newBrand('Later Grill')).statusCode).toBe(201);
    expect((await goOnline()).statusCode).toBe(200);
  });
});

describe('work in progress when a new terms version is published', () => {
  /*
   * The first test of the terms refused a partner a new brand and a driver going online: writes
   * that take new work. Nobody tried a driver half-way through a delivery or a partner with an
   * order waiting, which every write refused too (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
   */
  it('lets a driver finish an accepted job and go offline and a partner run its orders and close, but not take new work', async () => {
    // Everyone made below accepted the default version, the one in force while the work is taken.
    expect(
      (await send('ops', 'PUT', '/api/admin/settings/terms_version', { value: SETTING_DEFAULTS.terms_version }))
        .statusCode,
    ).toBe(200);
    const shop = await seedShop(t);
    const driver = await newDriver(t);
    const taken = await offeredJob(t, shop);
    expect((await driverCall(t, driver, 'POST', `/api/driver/jobs/${taken.job.id}/accept`)).statusCode).toBe(200);
    const incoming = (await place(t, deliveryBody(shop))).json().order as { id: string };

    const moved = await send('ops', 'PUT', '/api/admin/settings/terms_version', { value: '2026-11' });
    expect(moved.statusCode, moved.body).toBe(200);
    const partner = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: shop.partner.cookie }, payload });
    const orderAction = async (orderId: string, action: string) => {
      await settle(t, orderId);
      return partner('POST', `/api/partner/orders/${orderId}/actions`, { action });
    };
    const job = (what: string, payload?: object) =>
      driverCall(t, driver, 'POST', `/api/driver/jobs/${taken.job.id}/${what}`, payload);

    // The driver's job: to the restaurant, handed over, to the door, delivered.
    expect((await job('arrival', { at: 'pickup' })).statusCode).toBe(200);
    for (const action of ['start_preparing', 'mark_ready'])
      expect((await orderAction(taken.orderId, action)).statusCode).toBe(200);
    await settle(t, taken.orderId);
    const handOver = await partner('POST', `/api/partner/orders/${taken.orderId}/hand-over`, {
      pickupCode: taken.job.pickupCode,
    });
    expect(handOver.statusCode, handOver.body).toBe(200);
    expect((await job('arrival', { at: 'delivery' })).statusCode).toBe(200);
    const code = await customerCode(t, taken.orderId);
    expect((await job('verify-code', { code })).statusCode).toBe(200);
    const proof = await upload(t, driver, 'proof_of_delivery', await jpeg());
    expect(proof.statusCode, proof.body).toBe(201);
    const done = await job('complete', { code, proofUploadId: proof.json().id });
    expect(done.statusCode, done.body).toBe(200);
    const offline = await driverCall(t, driver, 'PATCH', '/api/driver/availability', { isOnline: false });
    expect(offline.statusCode, offline.body).toBe(200);

    // The partner's incoming order: accepted and prepared; then the branch closes for the night.
    const accepted = await orderAction(incoming.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await orderAction(incoming.id, 'start_preparing')).statusCode).toBe(200);
    const closed = await partner('PATCH', `/api/partner/sites/${shop.site.id}`, { isOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);

    // New work waits for the terms: a new job, going online, reopening the branch, a new brand.
    const [newJob] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, incoming.id));
    const take = await driverCall(t, driver, 'POST', `/api/driver/jobs/${newJob.id}/accept`);
    expect(take.statusCode).toBe(403);
    expect(take.json()).toEqual(refusal);
    expect((await driverCall(t, driver, 'PATCH', '/api/driver/availability', { isOnline: true })).json()).toEqual(
      refusal,
    );
    const reopen = await partner('PATCH', `/api/partner/sites/${shop.site.id}`, { isOpen: true });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.json()).toEqual(refusal);
    expect((await partner('POST', '/api/partner/brands', { name: 'Second Grill' })).json()).toEqual(refusal);
    const [site] = await t.database.db.select({ isOpen: sites.isOpen }).from(sites).where(eq(sites.id, shop.site.id));
    expect(site.isOpen).toBe(false);
    const [me] = await t.database.db
      .select({ isOnline: userProfiles.isOnline })
      .from(userProfiles)
      .where(eq(userProfiles.userId, driver.id));
    expect(me.isOnline).toBe(false);
  });
});

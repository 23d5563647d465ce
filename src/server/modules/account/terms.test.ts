import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../db/schema/index';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

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

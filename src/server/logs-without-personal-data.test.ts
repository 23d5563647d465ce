import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkTo } from './test/mail-link';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp } from './test/test-app';
import { deliveryBody, place, seedShop } from './modules/orders/test-fixtures';

/**
 * A customer's whole journey through the API with the logger on at debug level, then every log
 * line is searched for the customer's personal data and every token and cookie the journey saw:
 * none may appear (docs/decisions/0231-logs-without-personal-data.md). Every request's lines carry
 * its id, which the answer returns in X-Request-Id.
 */
const lines: string[] = [];
let t: TestApp;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

const customer = {
  email: 'maryam.logscan@example.com',
  name: 'Maryam Siddiqui',
  phone: '07700 900462',
  phoneE164: '+447700900462',
  line1: '48 Brick Lane Flat 3',
  postcode: 'E1 6RF',
};

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'debug' }, undefined, {
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => t.close());

/** Every cookie value an answer set, as the browser would send it back. */
function cookiesOf(res: { cookies: { name: string; value: string }[] }): string[] {
  return res.cookies.map((c) => c.value);
}

describe('the log of a customer journey', () => {
  it('names each request by its id and holds no personal data, token or cookie', async () => {
    const secrets: string[] = [];

    // Sign up, confirm the address by the mailed link, sign in.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: {
        email: customer.email,
        password: TEST_PASSWORD,
        name: customer.name,
        userType: 'customer',
        callbackURL: '/auth/callback',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const confirmLink = await lastLinkTo(t, customer.email);
    secrets.push(new URL(confirmLink, TEST_ORIGIN).searchParams.get('token')!);
    expect((await t.app.inject({ method: 'GET', url: confirmLink })).statusCode).toBe(302);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    secrets.push(...cookiesOf(signIn));
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    // An address, then an order to it with the customer's phone.
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/account/addresses',
      headers: { ...json, cookie },
      payload: { label: 'Home', addressLine1: customer.line1, city: 'London', postcode: customer.postcode },
    });
    expect(address.statusCode, address.body).toBe(201);
    const shop = await seedShop(t);
    const body = deliveryBody(shop, {
      customerName: customer.name,
      customerPhone: customer.phone,
      deliveryAddress: customer.line1,
      deliveryPostcode: customer.postcode,
    });
    const placed = await place(t, body, { cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: { cookie } });
    expect(mine.statusCode).toBe(200);

    // A visitor's order and its tracking links (page and live stream) with the order token.
    const visitor = await place(t, deliveryBody(shop, { customerPhone: customer.phone }));
    expect(visitor.statusCode, visitor.body).toBe(201);
    const { order, orderToken } = visitor.json();
    secrets.push(orderToken);
    await t.app.inject({ method: 'GET', url: `/order/${order.orderNumber}?token=${orderToken}` });
    await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?orderToken=${orderToken}` });

    // A password reset: the link's token in the path, then in the query, then in the body.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email: customer.email, redirectTo: '/reset-password' },
    });
    await t.app.deps.background.idle();
    const follow = await t.app.inject({ method: 'GET', url: await lastLinkTo(t, customer.email) });
    expect(follow.statusCode).toBe(302);
    const resetToken = new URL(follow.headers.location as string, TEST_ORIGIN).searchParams.get('token')!;
    secrets.push(resetToken);
    await t.app.inject({ method: 'GET', url: follow.headers.location as string });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: json,
      payload: { token: resetToken, newPassword: 'a-fresh-password-for-logs' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // A failing sign-in with the old password: an error path logs too.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);

    // A request id from nginx is kept and returned; a malformed one is replaced.
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '0f3c9e2ab1d44c7e8a1b2c3d4e5f6a7b' },
    });
    expect(given.headers['x-request-id']).toBe('0f3c9e2ab1d44c7e8a1b2c3d4e5f6a7b');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\n"injected' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const log = lines.join('');
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown; res?: unknown });
    // Every line about a request names it.
    const requestLines = parsed.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const l of requestLines) expect(l.reqId).toBeTruthy();
    expect(parsed.some((l) => l.reqId === '0f3c9e2ab1d44c7e8a1b2c3d4e5f6a7b')).toBe(true);
    expect(log).not.toContain('injected');

    const personal = [
      customer.email,
      encodeURIComponent(customer.email),
      customer.name,
      customer.phone,
      customer.phoneE164,
      customer.line1,
      TEST_PASSWORD,
      'a-fresh-password-for-logs',
    ];
    for (const value of personal) expect(log, value).not.toContain(value);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log, secret).not.toContain(secret);
      expect(log, secret).not.toContain(encodeURIComponent(secret));
      // A signed cookie's token part alone.
      const token = decodeURIComponent(secret).split('.')[0];
      if (token.length > 10) expect(log, token).not.toContain(token);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkTo } from '../../test/mail-link';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser } from '../../test/test-app';
import { deliveryBody, place, seedShop } from '../orders/test-fixtures';

/**
 * Reset, confirmation and visitor order tokens travel in URLs; the request log keeps those URLs
 * without them (docs/decisions/0203-secret-check-limits.md).
 */
const lines: string[] = [];
let t: TestApp;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, undefined, {
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => t.close());

describe('the request log holds no token', () => {
  it('of a password reset, an e-mail confirmation or a visitor order link', async () => {
    const secrets: string[] = [];

    // A password reset: the mailed link carries the token in its path, the redirect in its query.
    await createUser(t, { email: 'forgetful.logs@example.com', userType: 'customer', status: 'active' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email: 'forgetful.logs@example.com', redirectTo: '/reset-password' },
    });
    // The mail is written after the answer (docs/decisions/0204-password-reset-tokens-and-timing.md).
    await t.app.deps.background.idle();
    const resetLink = await lastLinkTo(t, 'forgetful.logs@example.com');
    const resetToken = /reset-password\/([^?]+)/.exec(resetLink)![1];
    secrets.push(resetToken);
    const follow = await t.app.inject({ method: 'GET', url: resetLink });
    expect(follow.statusCode).toBe(302);
    await t.app.inject({ method: 'GET', url: follow.headers.location as string });

    // An e-mail confirmation.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: {
        email: 'new.logs@example.com',
        password: TEST_PASSWORD,
        name: 'Zainab Logs',
        userType: 'customer',
        callbackURL: '/auth/callback',
      },
    });
    const confirmLink = await lastLinkTo(t, 'new.logs@example.com');
    secrets.push(new URL(confirmLink, TEST_ORIGIN).searchParams.get('token')!);
    expect((await t.app.inject({ method: 'GET', url: confirmLink })).statusCode).toBe(302);

    // A visitor's order: the tracking link of their e-mail and the live stream both carry the order token.
    const shop = await seedShop(t);
    const placed = await place(t, deliveryBody(shop));
    expect(placed.statusCode).toBe(201);
    const { order, orderToken } = placed.json();
    secrets.push(orderToken);
    await t.app.inject({ method: 'GET', url: `/order/${order.orderNumber}?token=${orderToken}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/events?topics=${encodeURIComponent(`order:${order.id}x`)}&orderToken=${orderToken}`,
    });

    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toContain('/api/auth/verify-email');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

/** Deleting the account checks the password: limited like any secret check (docs/decisions/0203-secret-check-limits.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deleteAccount = (cookie: string, password: string, ip = '198.51.100.10') =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, cookie },
    payload: { password },
  });

async function customer(email: string): Promise<{ id: string; cookie: string }> {
  const id = await createUser(t, { email, userType: 'customer', status: 'active' });
  return { id, cookie: await signIn(t, email) };
}

const exists = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id))).length === 1;

describe('DELETE /api/account is limited per account and per IP', () => {
  it('5 wrong passwords for one account, then 429 with Retry-After, even with the right one', async () => {
    const me = await customer('guessed.customer@example.com');
    for (let i = 0; i < 5; i++) {
      const wrong = await deleteAccount(me.cookie, `wrong-password-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe('That password is not right. Please try again.');
      expect(wrong.json().error.fields).toEqual([
        { in: 'body', path: 'password', message: 'That password is not right. Please try again.' },
      ]);
    }
    // Another address does not reset the account's count.
    const limited = await deleteAccount(me.cookie, TEST_PASSWORD, '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await exists(me.id)).toBe(true);
  });

  it('20 tries from one IP over several accounts, then 429 for the next account from there', async () => {
    const ip = '203.0.113.7';
    for (let a = 0; a < 4; a++) {
      const someone = await customer(`shared.wifi.${a}@example.com`);
      for (let i = 0; i < 5; i++)
        expect((await deleteAccount(someone.cookie, 'not-my-password', ip)).statusCode).toBe(400);
    }
    const next = await customer('shared.wifi.next@example.com');
    const limited = await deleteAccount(next.cookie, TEST_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await exists(next.id)).toBe(true);
    // From elsewhere the right password still deletes the account.
    expect((await deleteAccount(next.cookie, TEST_PASSWORD, '192.0.2.44')).statusCode).toBe(204);
    expect(await exists(next.id)).toBe(false);
  });
});

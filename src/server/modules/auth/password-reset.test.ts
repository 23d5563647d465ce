import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, verification } from '../../db/schema/index';
import type { BackgroundTasks } from '../../platform/background-tasks';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

/**
 * Reset links (docs/decisions/0204-password-reset-tokens-and-timing.md): the request is answered
 * after the same steps for a known and an unknown address, and a used link ends the others.
 */

/** Holds the work each request leaves for after its answer, to run it by hand. */
const held: (() => Promise<unknown>)[] = [];
const holder: BackgroundTasks = {
  run: (_name, task) => void held.push(task),
  idle: async () => {
    while (held.length) await held.shift()!();
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { background: holder });
});
afterAll(async () => t.close());

const askReset = (email: string, ip = '198.51.100.20') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { email, redirectTo: '/reset-password' },
  });

const mailsTo = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
const resetRows = () =>
  t.database.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));

/** The token of the newest reset mail to this address. */
async function lastResetToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  return /\/reset-password\/([^?\s]+)/.exec(mail.text)![1];
}

const setPassword = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { token, newPassword },
  });

describe('asking for a reset link', () => {
  it('runs the same steps for a known and an unknown address: same answer, nothing looked up before it', async () => {
    await createUser(t, { email: 'known.reset@example.com', userType: 'customer', status: 'active' });
    const known = await askReset('known.reset@example.com', '198.51.100.21');
    expect(held).toHaveLength(1);
    const unknown = await askReset('nobody.here@example.com', '198.51.100.22');
    expect(held).toHaveLength(2);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const headersOf = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((h) => h !== 'date')
        .sort();
    expect(headersOf(known)).toEqual(headersOf(unknown));
    // Before the answer: no token made, no mail written, for either.
    expect(await resetRows()).toHaveLength(0);
    expect(await mailsTo('known.reset@example.com')).toHaveLength(0);

    await holder.idle();
    expect(await resetRows()).toHaveLength(1);
    expect((await mailsTo('known.reset@example.com'))[0].subject).toBe('Reset your HalalNosh password');
    expect(await mailsTo('nobody.here@example.com')).toHaveLength(0);
  });

  it('refuses a malformed address or an outside redirect with 400, and a sixth request a minute from one IP with 429', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '198.51.100.23',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'not-an-address', redirectTo: '/reset-password' },
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    // Named, so the "Forgot password" form shows the reason under its Email field.
    expect(bad.json().error.fields).toEqual([{ in: 'body', path: 'email', message: bad.json().error.message }]);
    const away = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '198.51.100.23',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'known.reset@example.com', redirectTo: '//evil.example/steal' },
    });
    expect(away.statusCode).toBe(400);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await askReset(`someone.${i}@example.com`, '198.51.100.24')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    await holder.idle();
  });
});

describe('using a reset link', () => {
  it('ends every other outstanding link of the account', async () => {
    const email = 'twice.asked@example.com';
    const userId = await createUser(t, { email, userType: 'customer', status: 'active' });
    await askReset(email, '198.51.100.30');
    await holder.idle();
    const first = await lastResetToken(email);
    await askReset(email, '198.51.100.30');
    await holder.idle();
    const second = await lastResetToken(email);
    expect(second).not.toBe(first);

    expect((await setPassword(second, 'a-fresh-password-1')).statusCode).toBe(200);
    const old = await setPassword(first, 'someone-elses-password');
    expect(old.statusCode).toBe(400);
    expect(await signIn(t, email, 'a-fresh-password-1')).toContain('session_token');
    expect((await resetRows()).filter((r) => r.value === userId)).toEqual([]);
  });
});

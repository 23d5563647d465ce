import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, notificationOutbox, user } from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

/**
 * Changing the account e-mail (docs/product/customer.md#profile, docs/decisions/0203-secret-check-limits.md):
 * the current password, a notice to the old address through the outbox, other sessions ended.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
let next = 60;
beforeEach(() => {
  ip = `198.51.100.${++next}`;
});

// better-auth also limits /change-email per IP (5 a minute): each test comes from its own address.
let ip = '198.51.100.60';
const changeEmail = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-email',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
    payload: { callbackURL: '/account?tab=profile', ...body },
  });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const noticesTo = (email: string) =>
  t.database.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipientEmail, email), eq(notificationOutbox.eventKind, 'emailChange')));

describe('changing the account e-mail', () => {
  it('needs the current password: without it or with a wrong one nothing is sent and no session ends', async () => {
    const email = 'maryam.old@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);

    const missing = await changeEmail(phone, { newEmail: 'maryam.new@example.com' });
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, 'Please enter your current password.']);
    const wrong = await changeEmail(phone, { newEmail: 'maryam.new@example.com', password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([
      400,
      'That password is not right. Please try again.',
    ]);
    expect(await mailsTo('maryam.new@example.com')).toHaveLength(0);
    expect(await noticesTo(email)).toHaveLength(0);
    expect((await me(laptop))?.email).toBe(email);
  });

  it('with the password: mails the new address, tells the old one through the outbox and signs out other devices', async () => {
    const email = 'maryam.old@example.com';
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const res = await changeEmail(phone, { newEmail: 'Maryam.New@example.com', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    const [confirm] = await mailsTo('maryam.new@example.com');
    expect(confirm.subject).toBe('Confirm your new HalalNosh e-mail address');
    const [notice] = await noticesTo(email);
    expect(notice.channel).toBe('email');
    expect(notice.payload.title).toBe('Your HalalNosh e-mail address is being changed');
    expect(notice.payload.text).toContain('from maryam.old@example.com to maryam.new@example.com');
    expect(notice.payload.text).toContain('If it was not you, reset your password now');

    expect(await me(laptop)).toBeNull();
    expect((await me(phone))?.email).toBe(email);
    // The address changes only once the new one's link is opened.
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toBeDefined();
  });

  it('does the same for an address that already has an account, so the answer tells nothing', async () => {
    const email = 'yusuf.old@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    await createUser(t, { email: 'taken.address@example.com', userType: 'customer', status: 'active' });
    const phone = await signIn(t, email);
    const laptop = await signIn(t, email);
    const res = await changeEmail(phone, { newEmail: 'taken.address@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await noticesTo(email)).toHaveLength(1);
    expect(await me(laptop)).toBeNull();
  });

  it('allows 5 password tries per account in 15 minutes, then 429', async () => {
    const email = 'guessing.thief@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    const stolen = await signIn(t, email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await changeEmail(stolen, { newEmail: 'thief@example.com', password: `guess-${i}-password` })).statusCode,
      ).toBe(400);
    }
    const limited = await changeEmail(stolen, { newEmail: 'thief@example.com', password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(await mailsTo('thief@example.com')).toHaveLength(0);
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      remoteAddress: '192.0.2.80',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { newEmail: 'x@example.com', password: TEST_PASSWORD, callbackURL: '/' },
    });
    expect(res.statusCode).toBe(401);
  });
});

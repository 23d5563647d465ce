import { createEmailVerificationToken } from 'better-auth/api';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

let t: TestApp;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  const mail = rows.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  return { mail, path: link ? link.replace(TEST_ORIGIN, '') : null };
}

async function me(cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
  return res.json().user;
}

describe('customer sign-up and e-mail confirmation', () => {
  const email = 'new.customer@example.com';

  it('creates the account and sends a confirmation mail to the outbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: {
        email,
        password: TEST_PASSWORD,
        name: 'Sara Ali',
        userType: 'customer',
        callbackURL: '/auth/callback',
      },
    });
    expect(res.statusCode).toBe(200);
    const { mail, path } = await lastMailTo(email);
    expect(mail.subject).toMatch(/Confirm/);
    expect(path).toContain('/api/auth/verify-email?token=');
  });

  it('refuses to sign in before the e-mail is confirmed, with a code of its own the sign-in screen branches on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(res.json().error.fields).toBeUndefined();
  });

  it('a wrong password for the unconfirmed account is the plain refusal, not EMAIL_NOT_CONFIRMED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('confirms from the link without signing in (no login CSRF), lands on /auth/callback; the password then signs in', async () => {
    const { path } = await lastMailTo(email);
    // Opened from a mail or from someone else's page: the browser must not end up in this account.
    const res = await t.app.inject({ method: 'GET', url: path!, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback');
    expect(res.cookies.filter((c) => c.name.includes('session_token') && c.value)).toEqual([]);
    const cookie = await signIn(t, email);
    const user = await me(cookie);
    expect(user).toMatchObject({ email, userType: 'customer', status: 'active', home: '/', displayName: 'Sara Ali' });
  });

  it('answers a second sign-up with a known e-mail like a first one and mails the owner instead', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email, password: TEST_PASSWORD, name: 'Again', callbackURL: '/auth/callback' },
    });
    expect(res.statusCode).toBe(200);
    const { mail } = await lastMailTo(email);
    expect(mail.subject).toBe('You already have a HalalNosh account');
  });

  // A driver typing a seven-letter password ("bismill") on the sign-up form: better-auth refuses it,
  // and the answer names the password field so the form puts the reason beside it.
  it('names the password field when the password is too short', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email: 'yusuf.driver@example.com', password: 'bismill', name: '', userType: 'driver' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual([{ in: 'body', path: 'password', message: error.message }]);
  });

  it('refuses a sign-up that asks to be an admin', async () => {
    for (const userType of ['admin']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: json,
        payload: { email: `${userType}.x@example.com`, password: TEST_PASSWORD, name: 'X', userType },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('keeps the session token out of the sign-in response body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);
  });
});

describe('a refused confirmation link lands on /auth/callback with the reason', () => {
  const email = 'late.confirmer@example.com';
  const verify = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/auth/callback')}`,
    });

  beforeAll(async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email, password: TEST_PASSWORD, name: 'Late', userType: 'customer', callbackURL: '/auth/callback' },
    });
  });

  it('an expired link: TOKEN_EXPIRED, no session, the account stays unconfirmed', async () => {
    // Signed with the server's own secret, so only its age is wrong.
    const token = await createEmailVerificationToken(t.app.deps.config.authSecret, email, undefined, -60);
    const res = await verify(token);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=TOKEN_EXPIRED');
    expect(res.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('a tampered or made-up link: INVALID_TOKEN', async () => {
    const res = await verify('not-a-real-token');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?error=INVALID_TOKEN');
  });
});

describe('password reset', () => {
  it('mails a link to /reset-password whose token sets a new password', async () => {
    const email = 'forgetful@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    // The mail is written after the answer (docs/decisions/0204-password-reset-tokens-and-timing.md).
    await t.app.deps.background.idle();
    const { path } = await lastMailTo(email);
    const follow = await t.app.inject({ method: 'GET', url: path! });
    expect(follow.statusCode).toBe(302);
    const location = new URL(follow.headers.location as string, TEST_ORIGIN);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: json,
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t, email)).rejects.toThrow();
    expect(await signIn(t, email, 'a-brand-new-password')).toContain('session_token');
  });
});

describe('where each kind of user lands (docs/product/README.md#accounts)', () => {
  it.each([
    ['customer', { userType: 'customer', status: 'active' }, '/'],
    ['partner', { userType: 'partner' }, '/partner/dashboard'],
    ['approved driver', { userType: 'driver', status: 'approved' }, '/driver/jobs'],
    ['pending driver', { userType: 'driver', status: 'pending' }, '/driver/onboarding'],
    ['rejected driver', { userType: 'driver', status: 'rejected' }, '/driver/onboarding'],
    ['driver who has not applied', { userType: 'driver' }, '/driver/onboarding'],
    ['admin', { userType: 'admin', adminRole: 'finance' }, '/admin/dashboard'],
  ] as const)('sends a %s to %s', async (label, account, home) => {
    const email = `${label.replace(/\s/g, '.')}@example.com`;
    await createUser(t, { email, ...account });
    const user = await me(await signIn(t, email));
    expect(user.home).toBe(home);
  });

  it('treats an active team member as an admin with the team role', async () => {
    const email = 'team.member@example.com';
    const id = await createUser(t, { email, userType: 'customer', status: 'active' });
    const { teamMembers } = await import('../../db/schema/index');
    await t.database.db.insert(teamMembers).values({ userId: id, fullName: 'Team Member', email, role: 'cs_agent' });
    const user = await me(await signIn(t, email));
    expect(user).toMatchObject({ adminRole: 'cs_agent', home: '/admin/dashboard' });
  });

  it('answers a visitor with no user', async () => {
    expect(await me()).toBeNull();
  });

  it('signs out: the old cookie no longer identifies anyone', async () => {
    const email = 'leaving@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    const cookie = await signIn(t, email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...json, cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await me(cookie)).toBeNull();
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After after repeated attempts from one address', async () => {
    const limited = await createTestApp({ signInLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: json,
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
      }
      expect(codes.slice(0, 3).every((c) => c === 401)).toBe(true);
      expect(codes[4]).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('account e-mails name the company of the settings (docs/decisions/0171-company-details-in-messages.md)', () => {
  it('use the default name and support phone, then the ones an admin sets, at the moment they are sent', async () => {
    await createUser(t, { email: 'ops.brand@example.com', userType: 'admin', adminRole: 'ops_manager' });
    const ops = await signIn(t, 'ops.brand@example.com');
    const setting = (key: string, value: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/settings/${key}`,
        headers: { ...json, cookie: ops },
        payload: { value },
      });
    const email = 'brand.reader@example.com';
    await createUser(t, { email, userType: 'customer', status: 'active' });
    const askReset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: json,
        payload: { email, redirectTo: '/reset-password' },
      });

    expect((await askReset()).statusCode).toBe(200);
    await t.app.deps.background.idle();
    const before = (await lastMailTo(email)).mail;
    expect(before.subject).toBe('Reset your HalalNosh password');
    expect(before.text).toContain('the password of your HalalNosh account');
    expect(before.text).toMatch(/--\nHalalNosh · Customer support: 020 7946 0000$/);

    expect((await setting('company_name', 'Nosh Direct')).statusCode).toBe(200);
    expect((await setting('support_phone', '0161 496 0999')).statusCode).toBe(200);
    expect((await askReset()).statusCode).toBe(200);
    await t.app.deps.background.idle();
    const after = (await lastMailTo(email)).mail;
    expect(after.subject).toBe('Reset your Nosh Direct password');
    expect(after.text).toContain('the password of your Nosh Direct account');
    expect(after.text).toMatch(/--\nNosh Direct · Customer support: 0161 496 0999$/);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email: 'brand.new@example.com', password: TEST_PASSWORD, name: 'Brand New', callbackURL: '/' },
    });
    expect(signUp.statusCode).toBe(200);
    const confirm = (await lastMailTo('brand.new@example.com')).mail;
    expect(confirm.subject).toBe('Confirm your Nosh Direct account');
    expect(confirm.text).toContain('Nosh Direct · Customer support: 0161 496 0999');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, teamMembers, user, userProfiles } from '../../db/schema/index';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { resolveActor } from './resolve-actor';
import { sessionActor } from './session-actor';

/**
 * The one-statement session lookup (docs/decisions/0184-one-statement-session-lookup.md): a live
 * session is read without better-auth's getSession, with the same actor; anything getSession
 * would write (expiry, sliding refresh) still goes through it.
 */
let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const auth = () => t.app.deps.auth;
const db = () => t.database.db;

/** GET `url` with the cookie, counting better-auth getSession calls. */
async function get(url: string, cookie: string) {
  const spy = vi.spyOn(auth().api, 'getSession');
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  const slowCalls = spy.mock.calls.length;
  spy.mockRestore();
  return { res, slowCalls };
}

/** The session token inside a signed session cookie header. */
function tokenOf(cookie: string): string {
  const value = /better-auth\.session_token=([^;]+)/.exec(cookie)![1];
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf('.'));
}

async function expiresAt(token: string): Promise<Date | null> {
  const [row] = await db().select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
  return row?.expiresAt ?? null;
}

async function setExpiry(token: string, at: Date) {
  await db().update(session).set({ expiresAt: at }).where(eq(session.token, token));
}

describe('a live session', () => {
  it('resolves the actor in one statement, as getSession and resolveActor would', async () => {
    const accounts = [
      { email: 'fast.customer@example.com', userType: 'customer', status: 'active' },
      { email: 'fast.driver@example.com', userType: 'driver', status: 'approved', name: 'Dan Driver' },
      { email: 'fast.partner@example.com', userType: 'partner' },
      { email: 'fast.admin@example.com', userType: 'admin', adminRole: 'cs_agent' },
    ] as const;
    for (const a of accounts) {
      await createUser(t, a);
      const cookie = await signIn(t, a.email);
      const fast = await sessionActor(auth(), db(), cookie);
      const slow = await auth().api.getSession({ headers: new Headers({ cookie }) });
      expect(slow).not.toBeNull();
      expect(fast).toEqual(await resolveActor(db(), slow!.user));
      expect(fast).toMatchObject({ email: a.email, userType: a.userType });

      const { res, slowCalls } = await get('/api/me', cookie);
      expect(res.json().user).toMatchObject({ email: a.email, userType: a.userType, id: fast!.userId });
      expect(slowCalls).toBe(0);
    }
  });

  it('reads the cookie among others and URL-encoded, the first of a repeated name winning', async () => {
    await createUser(t, { email: 'cookies@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'cookies@example.com');
    const [pair] = cookie.split('; ').filter((c) => c.includes('session_token'));
    const mixed = `theme=dark; ${pair}; ${pair.replace(/=.*/, '=junk')}`;
    expect(await sessionActor(auth(), db(), mixed)).toMatchObject({ email: 'cookies@example.com' });
    const raw = `${pair.split('=')[0]}=${decodeURIComponent(pair.slice(pair.indexOf('=') + 1))}`;
    expect(await sessionActor(auth(), db(), raw)).toMatchObject({ email: 'cookies@example.com' });
  });

  it('sees a suspended driver, a changed name and a team membership on the next request', async () => {
    const email = 'changing.driver@example.com';
    const id = await createUser(t, { email, userType: 'driver', status: 'approved' });
    const cookie = await signIn(t, email);
    expect((await get('/api/driver/jobs', cookie)).res.statusCode).toBe(200);

    await db()
      .update(userProfiles)
      .set({ status: 'suspended', displayName: 'New Name' })
      .where(eq(userProfiles.userId, id));
    const after = await get('/api/driver/jobs', cookie);
    expect(after.res.statusCode).toBe(403);
    expect(after.slowCalls).toBe(0);
    expect((await get('/api/me', cookie)).res.json().user).toMatchObject({ status: 'suspended', name: 'New Name' });

    await db().insert(teamMembers).values({ userId: id, fullName: 'Changing', email, role: 'ops_manager' });
    expect((await get('/api/me', cookie)).res.json().user).toMatchObject({
      userType: 'admin',
      adminRole: 'ops_manager',
    });
    await db().update(teamMembers).set({ isActive: false }).where(eq(teamMembers.userId, id));
    expect((await get('/api/me', cookie)).res.json().user).toMatchObject({ userType: 'driver', adminRole: null });

    await db().update(user).set({ email: 'renamed.driver@example.com' }).where(eq(user.id, id));
    expect((await get('/api/me', cookie)).res.json().user).toMatchObject({ email: 'renamed.driver@example.com' });
  });

  it('is no actor without a profile, as resolveActor answers', async () => {
    const email = 'no.profile@example.com';
    const id = await createUser(t, { email, userType: 'customer', status: 'active' });
    const cookie = await signIn(t, email);
    await db().delete(userProfiles).where(eq(userProfiles.userId, id));
    expect(await sessionActor(auth(), db(), cookie)).toBeNull();
    expect((await get('/api/account/profile', cookie)).res.statusCode).toBe(401);
  });
});

describe('a cookie that is not ours', () => {
  it('refuses a tampered signature or token with 401, without asking better-auth', async () => {
    await createUser(t, { email: 'tampered@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'tampered@example.com');
    expect((await get('/api/account/profile', cookie)).res.statusCode).toBe(200);
    const token = tokenOf(cookie);
    const pair = cookie.split('; ').find((c) => c.includes('session_token'))!;
    const name = pair.slice(0, pair.indexOf('='));
    const signed = decodeURIComponent(pair.slice(pair.indexOf('=') + 1));
    expect(signed).toMatch(/^[^.]+\.[A-Za-z0-9+/]{43}=$/);
    const signature = signed.slice(signed.lastIndexOf('.') + 1);
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forged = [
      `${token}.${flipped}`,
      `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`,
      `${token}.${signature.slice(0, -1)}`,
      `${token}.!${signature.slice(1)}`,
      token,
      `.${signature}`,
    ];
    for (const bad of forged) {
      const header = `${name}=${encodeURIComponent(bad)}`;
      expect(await sessionActor(auth(), db(), header)).toBeNull();
      const { res, slowCalls } = await get('/api/account/profile', header);
      expect(res.statusCode).toBe(401);
      expect(slowCalls).toBe(0);
      expect(await auth().api.getSession({ headers: new Headers({ cookie: header }) })).toBeNull();
    }
    expect(await sessionActor(auth(), db(), 'theme=dark')).toBeNull();
  });

  it('answers 401 for a signed-out session (better-auth finds no row)', async () => {
    await createUser(t, { email: 'signed.out@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'signed.out@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionActor(auth(), db(), cookie)).toBeUndefined();
    const { res, slowCalls } = await get('/api/account/profile', cookie);
    expect(res.statusCode).toBe(401);
    expect(slowCalls).toBe(1);
  });
});

describe('a session better-auth must write', () => {
  it('expired: 401 through getSession, which deletes the row', async () => {
    await createUser(t, { email: 'expired@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'expired@example.com');
    const token = tokenOf(cookie);
    await setExpiry(token, new Date(Date.now() - 60_000));
    expect(await sessionActor(auth(), db(), cookie)).toBeUndefined();
    const { res, slowCalls } = await get('/api/account/profile', cookie);
    expect(res.statusCode).toBe(401);
    expect(slowCalls).toBe(1);
    expect(await expiresAt(token)).toBeNull();
  });

  it('due for its sliding refresh: works, and getSession extends it; then the fast path again', async () => {
    await createUser(t, { email: 'refresh@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'refresh@example.com');
    const token = tokenOf(cookie);
    // Two days old of seven: past the one-day update age.
    await setExpiry(token, new Date(Date.now() + 5 * DAY));
    expect(await sessionActor(auth(), db(), cookie)).toBeUndefined();
    const { res, slowCalls } = await get('/api/account/profile', cookie);
    expect(res.statusCode).toBe(200);
    expect(slowCalls).toBe(1);
    const extended = (await expiresAt(token))!.getTime();
    expect(extended).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);

    const again = await get('/api/account/profile', cookie);
    expect(again.res.statusCode).toBe(200);
    expect(again.slowCalls).toBe(0);
  });

  it('just before the refresh is due: the fast path, the expiry untouched', async () => {
    await createUser(t, { email: 'not.yet@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'not.yet@example.com');
    const token = tokenOf(cookie);
    const at = new Date(Date.now() + 6 * DAY + 60_000);
    await setExpiry(token, at);
    const { res, slowCalls } = await get('/api/account/profile', cookie);
    expect(res.statusCode).toBe(200);
    expect(slowCalls).toBe(0);
    expect((await expiresAt(token))!.getTime()).toBe(at.getTime());
  });
});

describe('secure cookies', () => {
  it('reads the __Secure- session cookie of an https deployment', async () => {
    const https = await createTestApp({ publicUrl: 'https://halalnosh.example' });
    try {
      await createUser(https, { email: 'secure@example.com', userType: 'customer', status: 'active' });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://halalnosh.example', 'content-type': 'application/json' },
        payload: { email: 'secure@example.com', password: 'correct-horse-battery' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      expect(cookie).toContain('__Secure-better-auth.session_token=');
      expect(await sessionActor(https.app.deps.auth, https.database.db, cookie)).toMatchObject({
        email: 'secure@example.com',
      });
      // The unprefixed name is not the session cookie there.
      const unprefixed = cookie.replace('__Secure-', '');
      expect(await sessionActor(https.app.deps.auth, https.database.db, unprefixed)).toBeNull();
    } finally {
      await https.close();
    }
  });
});

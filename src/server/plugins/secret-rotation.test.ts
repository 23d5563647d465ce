import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type TestApp, createTestApp, createUser, signIn, testConfig } from '../test/test-app';

/**
 * AUTH_SECRET rotation (docs/decisions/0230-auth-secret-rotation.md): a session cookie signed with
 * the old secret still signs its owner in once the secret is rotated with AUTH_SECRET_PREVIOUS set,
 * and no longer once the previous secret is dropped.
 */
const OLD = 'old-auth-secret-'.padEnd(44, 'o');
const NEW = 'new-auth-secret-'.padEnd(44, 'n');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ authSecret: OLD });
});
afterAll(async () => t.close());

async function me(app: TestApp['app'], cookie: string) {
  const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { user: { email: string } | null };
}

describe('rotating AUTH_SECRET', () => {
  it('keeps sessions signed with the previous secret, and only while it is configured', async () => {
    await createUser(t, { email: 'rotating.customer@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'rotating.customer@example.com');
    expect((await me(t.app, cookie)).user?.email).toBe('rotating.customer@example.com');

    const rotated = await buildApp(testConfig({ authSecret: NEW, authSecretPrevious: OLD }), {
      database: t.database,
      logger: false,
      closeDatabase: false,
    });
    const dropped = await buildApp(testConfig({ authSecret: NEW }), {
      database: t.database,
      logger: false,
      closeDatabase: false,
    });
    try {
      expect((await me(rotated, cookie)).user?.email).toBe('rotating.customer@example.com');
      // A forged cookie signed by neither stays out.
      const forged = cookie.replace(/session_token=[^;.]+/, 'session_token=someone-elses-token');
      expect((await me(rotated, forged)).user).toBeNull();
      // New sign-ins are signed with the new secret only.
      const fresh = await signIn({ ...t, app: rotated }, 'rotating.customer@example.com');
      expect((await me(dropped, fresh)).user?.email).toBe('rotating.customer@example.com');
      expect((await me(t.app, fresh)).user).toBeNull();
      // With the previous secret gone, the old cookie signs nobody in.
      expect((await me(dropped, cookie)).user).toBeNull();
    } finally {
      await rotated.close();
      await dropped.close();
    }
  });
});

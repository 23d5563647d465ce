import { desc, eq } from 'drizzle-orm';
import type * as BetterAuthCrypto from 'better-auth/crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { invitations, mailOutbox } from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call as adminCall } from '../admin/test-fixtures';
import { type PartnerWorld, call, partnerWorld } from './test-fixtures';

// The real hash, counted: a refused link must cost no password hash (a cheap refusal).
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('better-auth/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof BetterAuthCrypto>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

let t: TestApp;
let w: PartnerWorld;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  hashes.count = 0;
});

async function tokenIn(email: string, pattern: RegExp): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return pattern.exec(mail.text)![1];
}

const publicPost = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN } });

describe('a partner staff invitation accepted by sign-up checks the link before hashing the password', () => {
  const partnerToken = (email: string) => tokenIn(email, /\/partner\/invite\?token=([A-Za-z0-9_-]+)/);
  const accept = (token: string) =>
    call(t, 'POST', '/api/invitations/accept', undefined, { token, name: 'Bilal Khan', password: TEST_PASSWORD });

  it('an unknown link: 404 and no hash', async () => {
    expect((await accept('x'.repeat(43))).statusCode).toBe(404);
    expect(hashes.count).toBe(0);
  });

  it('an expired, a revoked and an already used link, and an e-mail that has an account: 409 and no hash', async () => {
    await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie, {
      email: 'late.cook@example.com',
      role: 'site_manager',
      siteIds: [w.a1.id],
    });
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late.cook@example.com'));
    const late = await accept(await partnerToken('late.cook@example.com'));
    expect([late.statusCode, late.json().error.message]).toEqual([
      409,
      'This invitation has expired. Ask for a new one.',
    ]);

    await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie, {
      email: 'gone.cook@example.com',
      role: 'admin',
    });
    await t.database.db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(eq(invitations.email, 'gone.cook@example.com'));
    expect((await accept(await partnerToken('gone.cook@example.com'))).statusCode).toBe(409);

    await createUser(t, { email: 'has.account@example.com', userType: 'partner' });
    await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie, {
      email: 'has.account@example.com',
      role: 'admin',
    });
    const taken = await accept(await partnerToken('has.account@example.com'));
    expect(taken.statusCode).toBe(409);
    expect(hashes.count).toBe(0);
  });

  it('a valid link is hashed once and creates the account', async () => {
    await call(t, 'POST', `/api/partner/brands/${w.brandA.id}/invitations`, w.owner.cookie, {
      email: 'new.cook@example.com',
      role: 'admin',
    });
    const token = await partnerToken('new.cook@example.com');
    expect((await accept(token)).statusCode).toBe(200);
    expect(hashes.count).toBe(1);
    expect((await accept(token)).statusCode).toBe(409);
    expect(hashes.count).toBe(1);
  });
});

describe('an admin team invitation accepted by sign-up checks the link before hashing the password', () => {
  const teamToken = (email: string) => tokenIn(email, /\/admin\/invite\?token=([A-Za-z0-9_-]+)/);
  const signUp = (token: string) =>
    publicPost('/api/admin/invitations/sign-up', { token, fullName: 'Maryam Hussain', password: 'a-long-password' });

  it('an unknown link: 404 and no hash', async () => {
    expect((await signUp('x'.repeat(43))).statusCode).toBe(404);
    expect(hashes.count).toBe(0);
  });

  it('a revoked link and an e-mail that has an account: 409 and no hash; a valid one is hashed once', async () => {
    await adminCall(t, admins.ops_manager, 'POST', '/api/admin/team/invites', {
      email: 'revoked.member@example.com',
      fullName: 'Revoked Member',
      role: 'cs_agent',
    });
    await t.database.db
      .update(invitations)
      .set({ status: 'revoked' })
      .where(eq(invitations.email, 'revoked.member@example.com'));
    expect((await signUp(await teamToken('revoked.member@example.com'))).statusCode).toBe(409);

    await createUser(t, { email: 'taken.member@example.com', userType: 'customer' });
    await adminCall(t, admins.ops_manager, 'POST', '/api/admin/team/invites', {
      email: 'taken.member@example.com',
      fullName: 'Taken Member',
      role: 'cs_agent',
    });
    expect((await signUp(await teamToken('taken.member@example.com'))).statusCode).toBe(409);
    expect(hashes.count).toBe(0);

    await adminCall(t, admins.ops_manager, 'POST', '/api/admin/team/invites', {
      email: 'fresh.member@example.com',
      fullName: 'Fresh Member',
      role: 'cs_agent',
    });
    expect((await signUp(await teamToken('fresh.member@example.com'))).statusCode).toBe(201);
    expect(hashes.count).toBe(1);
  });
});

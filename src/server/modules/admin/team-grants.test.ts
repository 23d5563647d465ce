import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../domain/contracts/admin/team';
import { canUseAdminArea } from '../../../domain/policies';
import { mayOffer } from '../../../domain/role-grants';
import { ADMIN_ROLES, type AdminRole } from '../../../domain/roles';
import { auditLog, invitations, mailOutbox, teamMembers } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from './test-fixtures';

/*
 * No one grants more than they hold (docs/decisions/0200-grant-within-own-role.md): an Operations
 * Manager, who may not open payouts, could invite a second address of their own as Finance and read
 * every driver's bank details. Every pair of roles, through the API.
 */

let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

const invite = (who: Caller, body: Record<string, unknown>) => call(t, who, 'POST', '/api/admin/team/invites', body);

async function written() {
  const db = t.database.db;
  const [[i], [m], [a], [o]] = await Promise.all([
    db.select({ n: count() }).from(invitations),
    db.select({ n: count() }).from(teamMembers),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { invitations: Number(i.n), members: Number(m.n), audit: Number(a.n), mail: Number(o.n) };
}

const pairs = ADMIN_ROLES.flatMap((inviter) => ADMIN_ROLES.map((offered) => ({ inviter, offered })));

describe('POST /api/admin/team/invites: only roles within the inviter’s own', () => {
  it.each(pairs)('$inviter inviting someone as $offered', async ({ inviter, offered }) => {
    const email = `${inviter}.offers.${offered}@example.com`.replace(/_/g, '-');
    const before = await written();
    const res = await invite(admins[inviter], { fullName: 'Hamza Siddiqui', email, role: offered });
    if (!canUseAdminArea(inviter, 'team')) {
      expect(res.statusCode).toBe(403);
      expect(await written()).toEqual(before);
      return;
    }
    if (mayOffer(inviter, offered)) {
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      offered === 'super_admin' ? TEAM_MESSAGES.superAdminOnly : TEAM_MESSAGES.beyondOwnRole,
    );
    expect(await written()).toEqual(before);
    expect(await t.database.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(0);
  });

  it('refuses an Operations Manager inviting a second address of their own as Finance, with a clear message', async () => {
    const res = await invite(admins.ops_manager, {
      fullName: 'Omar Farooq',
      email: 'omar.farooq.payouts@example.com',
      role: 'finance',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'You can only invite someone to a role whose areas you have yourself' },
    });
  });
});

describe('POST /api/admin/team/members/:id/status: the same rule', () => {
  it('lets an Operations Manager switch neither on nor off a Finance member, and a Super Admin both', async () => {
    const [m] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, admins.finance.id));
    const url = `/api/admin/team/members/${m.id}/status`;
    const before = await written();
    for (const isActive of [false, true]) {
      const res = await call(t, admins.ops_manager, 'POST', url, { isActive });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TEAM_MESSAGES.beyondOwnRoleStatus);
    }
    expect(await written()).toEqual(before);
    expect((await call(t, admins.super_admin, 'POST', url, { isActive: false })).statusCode).toBe(200);
    // Deactivated by a Super Admin: an Operations Manager cannot bring Finance back either.
    expect((await call(t, admins.ops_manager, 'POST', url, { isActive: true })).statusCode).toBe(403);
    expect((await call(t, admins.finance, 'GET', '/api/admin/overview')).statusCode).toBe(403);
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, invitations, mailOutbox, teamMembers } from '../../db/schema/index';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from './test-fixtures';

let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

const invite = (who: Caller, body: Record<string, unknown>) => call(t, who, 'POST', '/api/admin/team/invites', body);

/** The token from the last invite mail to this address. */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const m = /\/admin\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no invite link in ${mail.text}`);
  return m[1];
}

const publicPost = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

describe('team invites', () => {
  it('invites with the e-mail lower-cased, a 7-day expiry, a mailed token link, a Pending member and an audit row', async () => {
    const res = await invite(admins.ops_manager, {
      fullName: 'Sara Iqbal',
      email: '  Sara.Iqbal@Example.com ',
      role: 'cs_agent',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invite: inv } = res.json();
    expect(inv).toMatchObject({
      email: 'sara.iqbal@example.com',
      role: 'cs_agent',
      fullName: 'Sara Iqbal',
      expired: false,
    });
    const days = (new Date(inv.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = await tokenFor('sara.iqbal@example.com');
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, inv.id));
    // Named by the company of the settings, with its support line (docs/decisions/0171-company-details-in-messages.md).
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sara.iqbal@example.com'));
    expect(mail.subject).toBe("You're invited to the HalalNosh back office");
    expect(mail.text).toContain('--\nHalalNosh · Customer support: 020 7946 0000');
    expect(row.tokenHash).not.toContain(token);
    const team = (await call(t, admins.ops_manager, 'GET', '/api/admin/team')).json();
    expect(team.invites.map((i: { email: string }) => i.email)).toContain('sara.iqbal@example.com');
    expect(team.members.find((m: { email: string }) => m.email === 'sara.iqbal@example.com')).toMatchObject({
      pending: true,
      userId: null,
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, inv.id));
    expect(entry).toMatchObject({
      actionType: 'invite_sent',
      details: { email: 'sara.iqbal@example.com', role: 'cs_agent', full_name: 'Sara Iqbal' },
    });
  });

  it('refuses a second pending invite to the same e-mail with the product message', async () => {
    await invite(admins.super_admin, { fullName: 'Dup One', email: 'dup@example.com', role: 'finance' });
    const res = await invite(admins.super_admin, { fullName: 'Dup One', email: 'DUP@example.com', role: 'finance' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('An invite has already been sent to this email');
    // Named on the e-mail, so the invite dialog shows it under the Email field.
    expect(res.json().error.fields).toEqual([
      { in: 'body', path: 'email', message: 'An invite has already been sent to this email' },
    ]);
  });

  it('needs every field: "Please fill in all fields"', async () => {
    for (const body of [
      { email: 'x@example.com', role: 'cs_agent' },
      { fullName: 'X', role: 'cs_agent' },
      { fullName: 'X', email: 'x@example.com' },
      { fullName: ' ', email: 'x@example.com', role: 'cs_agent' },
    ]) {
      const res = await invite(admins.super_admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Please fill in all fields');
    }
  });

  it('lets only a super_admin invite a super_admin', async () => {
    const res = await invite(admins.ops_manager, { fullName: 'Boss', email: 'boss@example.com', role: 'super_admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only a Super Admin can invite another Super Admin');
    expect(
      await t.database.db.select().from(invitations).where(eq(invitations.email, 'boss@example.com')),
    ).toHaveLength(0);
    expect(
      (await invite(admins.super_admin, { fullName: 'Boss', email: 'boss@example.com', role: 'super_admin' }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps the team area to super admins and operations managers', async () => {
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/team')).statusCode).toBe(403);
      expect(
        (await invite(admins[role], { fullName: 'A', email: 'a@example.com', role: 'read_only' })).statusCode,
      ).toBe(403);
    }
  });

  it('revokes only a pending invite, removing the Pending member', async () => {
    const inv = (
      await invite(admins.ops_manager, { fullName: 'Gone', email: 'gone@example.com', role: 'read_only' })
    ).json().invite;
    const res = await call(t, admins.ops_manager, 'POST', `/api/admin/team/invites/${inv.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect((await call(t, admins.ops_manager, 'POST', `/api/admin/team/invites/${inv.id}/revoke`)).statusCode).toBe(
      409,
    );
    expect(
      await t.database.db.select().from(teamMembers).where(eq(teamMembers.email, 'gone@example.com')),
    ).toHaveLength(0);
    const token = await tokenFor('gone@example.com');
    const look = await publicPost('/api/admin/invitations/lookup', { token });
    expect(look.json().status).toBe('revoked');
    // A new invite to the same address may follow.
    expect(
      (await invite(admins.ops_manager, { fullName: 'Gone', email: 'gone@example.com', role: 'read_only' })).statusCode,
    ).toBe(201);
  });
});

describe('accepting an invite', () => {
  it('creates the invited account from the link; the new member signs in with their role', async () => {
    await invite(admins.super_admin, { fullName: 'Nadia Ali', email: 'nadia@example.com', role: 'finance' });
    const token = await tokenFor('nadia@example.com');
    const look = await publicPost('/api/admin/invitations/lookup', { token });
    expect(look.json()).toMatchObject({
      email: 'nadia@example.com',
      role: 'finance',
      roleLabel: 'Finance',
      status: 'pending',
      hasAccount: false,
    });
    const res = await publicPost('/api/admin/invitations/sign-up', {
      token,
      fullName: 'Nadia Ali',
      password: 'a-long-password',
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = await signIn(t, 'nadia@example.com', 'a-long-password');
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    expect(me).toMatchObject({ adminRole: 'finance', home: '/admin/dashboard' });
    const [member] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.email, 'nadia@example.com'));
    expect(member).toMatchObject({ userId: me.id, isActive: true, role: 'finance' });
    // The link works once.
    expect(
      (await publicPost('/api/admin/invitations/sign-up', { token, fullName: 'Nadia', password: 'a-long-password' }))
        .statusCode,
    ).toBe(409);
  });

  it('lets someone with an account accept by signing in with the invited e-mail only', async () => {
    await createUser(t, { email: 'yasmin@example.com', userType: 'customer', status: 'active', name: 'Yasmin Noor' });
    await createUser(t, { email: 'other@example.com', userType: 'customer', status: 'active' });
    await invite(admins.ops_manager, { fullName: 'Yasmin Noor', email: 'yasmin@example.com', role: 'cs_agent' });
    const token = await tokenFor('yasmin@example.com');
    expect((await publicPost('/api/admin/invitations/lookup', { token })).json().hasAccount).toBe(true);
    expect((await publicPost('/api/admin/invitations/accept', { token })).statusCode).toBe(401);
    const other = await signIn(t, 'other@example.com');
    expect((await publicPost('/api/admin/invitations/accept', { token }, other)).statusCode).toBe(403);
    const cookie = await signIn(t, 'yasmin@example.com');
    const res = await publicPost('/api/admin/invitations/accept', { token }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
    expect(me.adminRole).toBe('cs_agent');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tickets', headers: { cookie } })).statusCode).not.toBe(
      403,
    );
  });

  it('refuses an expired or unknown link', async () => {
    await invite(admins.ops_manager, { fullName: 'Late', email: 'late@example.com', role: 'read_only' });
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@example.com'));
    const token = await tokenFor('late@example.com');
    expect((await publicPost('/api/admin/invitations/lookup', { token })).json().status).toBe('expired');
    const res = await publicPost('/api/admin/invitations/sign-up', {
      token,
      fullName: 'Late',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This invite has expired. Ask for a new one.');
    expect((await publicPost('/api/admin/invitations/lookup', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    // An expired invite does not block a new one.
    expect(
      (await invite(admins.ops_manager, { fullName: 'Late', email: 'late@example.com', role: 'read_only' })).statusCode,
    ).toBe(201);
  });
});

describe('members', () => {
  it('deactivates and activates a member, who loses and regains the back office at once', async () => {
    const [m] = await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, admins.cs_agent.id));
    const off = await call(t, admins.ops_manager, 'POST', `/api/admin/team/members/${m.id}/status`, {
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().member.isActive).toBe(false);
    expect((await call(t, admins.cs_agent, 'GET', '/api/admin/overview')).statusCode).toBe(403);
    await call(t, admins.ops_manager, 'POST', `/api/admin/team/members/${m.id}/status`, { isActive: true });
    expect((await call(t, admins.cs_agent, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, m.id)));
    expect(entries.map((e) => e.actionType).sort()).toEqual(['member_activated', 'member_deactivated']);
  });

  it('refuses switching yourself, a super_admin by a non-super_admin, and a Pending member', async () => {
    const mine = (
      await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, admins.ops_manager.id))
    )[0];
    expect(
      (await call(t, admins.ops_manager, 'POST', `/api/admin/team/members/${mine.id}/status`, { isActive: false }))
        .statusCode,
    ).toBe(409);
    const boss = (
      await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, admins.super_admin.id))
    )[0];
    expect(
      (await call(t, admins.ops_manager, 'POST', `/api/admin/team/members/${boss.id}/status`, { isActive: false }))
        .statusCode,
    ).toBe(403);
    await invite(admins.ops_manager, { fullName: 'Not Yet', email: 'notyet@example.com', role: 'read_only' });
    const pending = (
      await t.database.db.select().from(teamMembers).where(eq(teamMembers.email, 'notyet@example.com'))
    )[0];
    expect(
      (await call(t, admins.ops_manager, 'POST', `/api/admin/team/members/${pending.id}/status`, { isActive: false }))
        .statusCode,
    ).toBe(409);
  });
});

describe('roles', () => {
  const memberOf = async (userId: string) =>
    (await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))[0];

  it("lets a super_admin change a member's role, which acts at the member's next request, audited", async () => {
    const m = await memberOf(admins.finance.id);
    expect((await call(t, admins.finance, 'GET', '/api/admin/team')).statusCode).toBe(403);
    const res = await call(t, admins.super_admin, 'POST', `/api/admin/team/members/${m.id}/role`, {
      role: 'ops_manager',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.role).toBe('ops_manager');
    expect((await call(t, admins.finance, 'GET', '/api/admin/team')).statusCode).toBe(200);
    await call(t, admins.super_admin, 'POST', `/api/admin/team/members/${m.id}/role`, { role: 'finance' });
    expect((await call(t, admins.finance, 'GET', '/api/admin/team')).statusCode).toBe(403);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, m.id), eq(auditLog.actionType, 'member_role_changed')));
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ from: 'finance', to: 'ops_manager' }),
      expect.objectContaining({ from: 'ops_manager', to: 'finance' }),
    ]);
  });

  it('is for a super_admin only, never on yourself, never on a Pending member, and only to a known role', async () => {
    const m = await memberOf(admins.cs_agent.id);
    const url = `/api/admin/team/members/${m.id}/role`;
    expect((await call(t, admins.ops_manager, 'POST', url, { role: 'super_admin' })).statusCode).toBe(403);
    expect((await call(t, admins.super_admin, 'POST', url, { role: 'owner' })).statusCode).toBe(400);
    const mine = await memberOf(admins.super_admin.id);
    expect(
      (await call(t, admins.super_admin, 'POST', `/api/admin/team/members/${mine.id}/role`, { role: 'read_only' }))
        .statusCode,
    ).toBe(409);
    const pending = (
      await t.database.db.select().from(teamMembers).where(eq(teamMembers.email, 'notyet@example.com'))
    )[0];
    expect(
      (await call(t, admins.super_admin, 'POST', `/api/admin/team/members/${pending.id}/role`, { role: 'cs_agent' }))
        .statusCode,
    ).toBe(409);
    expect((await memberOf(admins.cs_agent.id)).role).toBe('cs_agent');
  });
});

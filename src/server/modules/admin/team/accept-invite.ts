import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InviteLookup } from '../../../../domain/contracts/admin/team';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import { ADMIN_ROLE_LABELS, type AdminRole } from '../../../../domain/roles';
import { topicName } from '../../../../domain/topics';
import type { Db, Tx } from '../../../db/client';
import { account, invitations, teamMembers, user, userProfiles } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { recordAudit } from '../../audit';
import { hashInviteToken } from './invite-token';

const NOT_VALID = 'This invite link is not valid';

async function findInvite(db: Db | Tx, token: string, lock = false) {
  const q = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashInviteToken(token)), eq(invitations.invitationType, 'team_membership')));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND', NOT_VALID);
  return row;
}

function statusOf(invite: typeof invitations.$inferSelect, now = new Date()): InviteLookup['status'] {
  if (invite.status === 'pending' && invite.expiresAt <= now) return 'expired';
  return invite.status;
}

const REFUSALS: Record<Exclude<InviteLookup['status'], 'pending'>, string> = {
  expired: 'This invite has expired. Ask for a new one.',
  revoked: 'This invite has been revoked.',
  accepted: 'This invite has already been accepted. Sign in instead.',
};

/** What the invite page shows for a token: who is invited, as what, and whether they already have an account. */
export async function lookupInvite(db: Db, token: string): Promise<InviteLookup> {
  const invite = await findInvite(db, token);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, invite.email)).limit(1);
  const role = invite.teamRole ?? 'read_only';
  return {
    email: invite.email,
    fullName: invite.fullName,
    role,
    roleLabel: ADMIN_ROLE_LABELS[role],
    status: statusOf(invite),
    hasAccount: !!existing,
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/** Links the member row to the account, activates it and marks the invitation accepted, audited. */
async function completeAcceptance(
  tx: Tx,
  invite: typeof invitations.$inferSelect,
  userId: string,
  name: string,
): Promise<AdminRole> {
  const role = invite.teamRole ?? 'read_only';
  const fullName = invite.fullName ?? name;
  await tx
    .insert(teamMembers)
    .values({ userId, fullName, email: invite.email, role, isActive: true })
    .onConflictDoUpdate({ target: teamMembers.email, set: { userId, role, isActive: true, fullName } });
  await tx.update(invitations).set({ status: 'accepted' }).where(eq(invitations.id, invite.id));
  await recordAudit(tx, {
    actionType: 'invite_accepted',
    entityType: 'invitation',
    entityId: invite.id,
    actor: { userId, name },
    details: { email: invite.email, role },
  });
  return role;
}

function ensurePending(invite: typeof invitations.$inferSelect): void {
  const status = statusOf(invite);
  if (status !== 'pending') throw new AppError('CONFLICT', REFUSALS[status]);
}

/** The invite is still pending and no account holds its e-mail yet. */
async function ensureCanSignUp(db: Db | Tx, invite: typeof invitations.$inferSelect): Promise<void> {
  ensurePending(invite);
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${invite.email}`)
    .limit(1);
  if (existing)
    throw new AppError('CONFLICT', 'An account with this email already exists. Sign in to accept the invite.');
}

/**
 * Accepts an invite by creating the account for the invited e-mail: the token proves the e-mail,
 * so the account is confirmed at once. The admin profile and team row carry the invited role.
 */
export async function signUpWithInvite(
  deps: { db: Db; bus: LiveBus },
  input: { token: string; fullName: string; password: string },
): Promise<{ email: string; role: AdminRole }> {
  // The cheap refusals first (unknown, used, expired or revoked link, account already there): the
  // deliberately slow password hash is paid only for a link that can still create the account.
  await ensureCanSignUp(deps.db, await findInvite(deps.db, input.token));
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    const invite = await findInvite(tx, input.token, true);
    // Checked again under the invitation's lock: it may have been used meanwhile.
    await ensureCanSignUp(tx, invite);
    const id = randomUUID();
    const [first, ...rest] = input.fullName.split(' ');
    const role = invite.teamRole ?? 'read_only';
    await tx
      .insert(user)
      .values({ id, name: input.fullName, email: invite.email, emailVerified: true, userType: 'customer' });
    await tx
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(userProfiles).values({
      userId: id,
      userType: 'admin',
      email: invite.email,
      displayName: input.fullName,
      firstName: first,
      lastName: rest.join(' '),
      adminRole: role,
      isActive: true,
    });
    await completeAcceptance(tx, { ...invite, fullName: invite.fullName ?? input.fullName }, id, input.fullName);
    return { email: invite.email, role };
  });
  await deps.bus.publish(topicName.admin, 'team.joined', { email: result.email });
  return result;
}

/**
 * Accepts an invite with the account that is signed in, which must be the invited e-mail's.
 * Drivers and partners keep their own side: they cannot also join the back office.
 */
export async function acceptInviteSignedIn(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  token: string,
): Promise<{ email: string; role: AdminRole }> {
  const result = await deps.db.transaction(async (tx) => {
    const invite = await findInvite(tx, token, true);
    ensurePending(invite);
    if (actor.email.toLowerCase() !== invite.email)
      throw new AppError('FORBIDDEN', `This invite was sent to ${invite.email}. Sign in with that email to accept it.`);
    const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, actor.userId)).limit(1);
    if (profile && (profile.userType === 'driver' || profile.userType === 'partner')) {
      throw new AppError(
        'CONFLICT',
        `A ${profile.userType} account cannot join the back office. Ask for an invite to another email.`,
      );
    }
    const role = await completeAcceptance(tx, invite, actor.userId, actor.name);
    if (profile?.userType === 'admin') {
      await tx
        .update(userProfiles)
        .set({ adminRole: role, isActive: true, updatedAt: new Date() })
        .where(eq(userProfiles.userId, actor.userId));
    }
    return { email: invite.email, role };
  });
  await deps.bus.publish(topicName.admin, 'team.joined', { email: result.email });
  return result;
}

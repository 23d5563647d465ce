import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AcceptInvitationResponse } from '../../../domain/contracts/partner/invitations';
import { AppError } from '../../../domain/errors';
import { inviteStatus } from '../../../domain/partner-access';
import type { Actor } from '../../../domain/policies';
import type { BrandRole } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { brandMemberships, invitations, siteStaff, sites, user } from '../../db/schema/index';
import { insertAccount } from '../../db/seed/insert-account';
import { findInvitationByToken } from './lookup-invitation';

const RANK: Record<BrandRole, number> = { owner: 3, admin: 2, site_manager: 1 };

/** Adds the membership (never lowering a role already held) and the site manager's locations. */
async function join(
  tx: Tx,
  userId: string,
  brandId: string,
  role: Exclude<BrandRole, 'owner'>,
  siteIds: string[],
): Promise<BrandRole> {
  const [current] = await tx
    .select({ role: brandMemberships.role })
    .from(brandMemberships)
    .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)))
    .for('update');
  let held: BrandRole = role;
  if (!current) await tx.insert(brandMemberships).values({ brandId, userId, role });
  else if (RANK[role] > RANK[current.role])
    await tx
      .update(brandMemberships)
      .set({ role })
      .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)));
  else held = current.role;
  if (role === 'site_manager' && siteIds.length) {
    // Only locations still in the brand: one deleted since the invitation is skipped.
    const live = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(inArray(sites.id, siteIds), eq(sites.brandId, brandId), ne(sites.status, 'archived')));
    if (live.length)
      await tx
        .insert(siteStaff)
        .values(live.map((s) => ({ siteId: s.id, userId })))
        .onConflictDoNothing();
  }
  return held;
}

function ensurePending(invite: typeof invitations.$inferSelect, now: Date): void {
  const status = inviteStatus(invite, now);
  if (status === 'expired') throw new AppError('CONFLICT', 'This invitation has expired. Ask for a new one.');
  if (status !== 'pending') throw new AppError('CONFLICT', `This invitation has been ${status}.`);
}

async function accountFor(db: DbOrTx, email: string): Promise<boolean> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return !!existing;
}

/**
 * Accepts a staff invitation. Signed in: the account's e-mail must be the invited one and it
 * must be a partner account. Not signed in: with no account for that e-mail yet, name and
 * password create a confirmed partner account (the link proves the address); if an account
 * exists the person signs in first. Membership, locations and the invitation's status change in
 * one transaction, and the invitation row is locked so it is used once.
 */
export async function acceptInvitation(
  db: Db,
  actor: Actor | null,
  input: { token: string; name?: string; password?: string },
  now = new Date(),
): Promise<AcceptInvitationResponse> {
  const found = await findInvitationByToken(db, input.token);
  // The cheap refusals first (used, expired or revoked link; an account already holding the
  // e-mail): the deliberately slow password hash is paid only when it can create the account.
  ensurePending(found.invite, now);
  if (!actor && (await accountFor(db, found.invite.email)))
    throw new AppError('CONFLICT', 'An account with this e-mail already exists. Sign in to accept the invitation.');
  const passwordHash = !actor && input.password ? await hashPassword(input.password) : null;

  return db.transaction(async (tx) => {
    const [invite] = await tx.select().from(invitations).where(eq(invitations.id, found.invite.id)).for('update');
    // Checked again under the invitation's lock: it may have been used meanwhile.
    ensurePending(invite, now);
    const role = invite.partnerRole ?? 'site_manager';
    const brandId = invite.brandId!;

    let userId: string;
    let accountCreated = false;
    if (actor) {
      if (actor.email.toLowerCase() !== invite.email) {
        throw new AppError(
          'FORBIDDEN',
          `This invitation was sent to ${invite.email}. Sign out and sign in with that address.`,
        );
      }
      if (actor.userType !== 'partner') {
        throw new AppError(
          'CONFLICT',
          'This account is not a partner account. Ask the brand to invite another e-mail address.',
        );
      }
      userId = actor.userId;
    } else {
      if (await accountFor(tx, invite.email))
        throw new AppError('CONFLICT', 'An account with this e-mail already exists. Sign in to accept the invitation.');
      if (!input.name || !passwordHash)
        throw new AppError('VALIDATION_ERROR', 'Please enter your name and a password of at least 8 characters');
      userId = await insertAccount(tx, { email: invite.email, name: input.name, userType: 'partner' }, passwordHash);
      accountCreated = true;
    }

    const held = await join(tx, userId, brandId, role, invite.siteIds);
    await tx.update(invitations).set({ status: 'accepted' }).where(eq(invitations.id, invite.id));
    return { brandId, brandName: found.brandName, role: held, accountCreated };
  });
}

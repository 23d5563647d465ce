import { and, eq, gt } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { brandMemberships, invitations } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { requireBrand } from './access';

/** Revokes a pending invitation (owner or admin of its brand); anything else is 409. */
export async function revokeInvitation(db: Db, actor: Actor, invitationId: string, now = new Date()): Promise<void> {
  const userId = actor.userId;
  const [invite] = await db
    .select({ brandId: invitations.brandId })
    .from(invitations)
    .innerJoin(
      brandMemberships,
      and(eq(brandMemberships.brandId, invitations.brandId), eq(brandMemberships.userId, userId)),
    )
    .where(and(eq(invitations.id, invitationId), eq(invitations.invitationType, 'partner_staff')));
  if (!invite?.brandId) throw new AppError('NOT_FOUND', 'Invitation not found');
  await requireBrand(db, userId, invite.brandId, 'manage');
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
      .returning({ id: invitations.id, email: invitations.email });
    if (!revoked.length) throw new AppError('CONFLICT', 'Only pending invitations can be revoked');
    await recordAudit(tx, {
      actionType: 'invite_revoked',
      entityType: 'invitation',
      entityId: invitationId,
      actor: { userId, name: actor.name || actor.email },
      details: { brandId: invite.brandId, email: revoked[0].email },
    });
  });
}

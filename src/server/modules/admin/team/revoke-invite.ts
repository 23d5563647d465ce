import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../../domain/errors';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { invitations, teamMembers } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { type AuditActor, recordAudit } from '../../audit';

/**
 * Revokes a pending team invitation (docs/product/admin.md#team: only pending can be revoked) and removes
 * its "Pending" member row, audited in the same transaction.
 */
export async function revokeInvite(deps: { db: Db; bus: LiveBus }, actor: AuditActor, inviteId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, inviteId), eq(invitations.invitationType, 'team_membership')))
      .for('update');
    if (!invite) throw new AppError('NOT_FOUND', 'Invite not found');
    if (invite.status !== 'pending') throw new AppError('CONFLICT', `This invite is already ${invite.status}`);
    await tx.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, inviteId));
    await tx.delete(teamMembers).where(and(eq(teamMembers.email, invite.email), isNull(teamMembers.userId)));
    await recordAudit(tx, {
      actionType: 'invite_revoked',
      entityType: 'invitation',
      entityId: inviteId,
      actor,
      details: { email: invite.email, role: invite.teamRole },
    });
  });
  await deps.bus.publish(topicName.admin, 'team.invite_revoked', { inviteId });
}

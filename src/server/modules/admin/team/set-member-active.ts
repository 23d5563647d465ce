import { and, eq } from 'drizzle-orm';
import { TEAM_MESSAGES, type TeamMember } from '../../../../domain/contracts/admin/team';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import { mayOffer } from '../../../../domain/role-grants';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { teamMembers, userProfiles } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { recordAudit } from '../../audit';
import { toTeamMember } from './team-rows';

/**
 * Activates or deactivates a team member (docs/product/admin.md#team). Admin rights come from an active
 * admin profile or an active team row, so both are switched together: a deactivated member loses
 * the back office at their next request. Nobody switches themselves off, and only someone who may
 * offer the member's role switches them, either way: only a super_admin changes a super_admin, an
 * Operations Manager no Finance member (the same rule as inviting; docs/decisions/0200-grant-within-own-role.md).
 */
export async function setMemberActive(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  memberId: string,
  isActive: boolean,
): Promise<TeamMember> {
  const member = await deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(teamMembers).where(eq(teamMembers.id, memberId)).for('update');
    if (!m) throw new AppError('NOT_FOUND', 'Team member not found');
    if (!m.userId) throw new AppError('CONFLICT', 'This member has not accepted their invite yet');
    if (m.userId === actor.userId) throw new AppError('CONFLICT', 'You cannot change your own status');
    if (m.role === 'super_admin' && actor.adminRole !== 'super_admin') {
      throw new AppError('FORBIDDEN', 'Only a Super Admin can change another Super Admin');
    }
    if (!mayOffer(actor.adminRole, m.role)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.beyondOwnRoleStatus);
    const [updated] = await tx.update(teamMembers).set({ isActive }).where(eq(teamMembers.id, memberId)).returning();
    await tx
      .update(userProfiles)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(userProfiles.userId, m.userId), eq(userProfiles.userType, 'admin')));
    if (m.isActive !== isActive) {
      await recordAudit(tx, {
        actionType: isActive ? 'member_activated' : 'member_deactivated',
        entityType: 'team_member',
        entityId: memberId,
        actor,
        details: { email: m.email, role: m.role, full_name: m.fullName },
      });
    }
    return updated;
  });
  // A deactivated member's open event streams end at once, before the team event goes out.
  await deps.bus.accessChanged(member.userId!);
  await deps.bus.publish(topicName.admin, 'team.member', { memberId, isActive });
  return toTeamMember(member);
}

import { and, eq } from 'drizzle-orm';
import type { TeamMember } from '../../../../domain/contracts/admin/team';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import type { AdminRole } from '../../../../domain/roles';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { teamMembers, userProfiles } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { recordAudit } from '../../audit';
import { toTeamMember } from './team-rows';

/**
 * Changes a team member's role (Super Admin only: the route's policy; docs/product/admin.md#team).
 * The role lives on the team row and, for an admin profile, on the profile too: both change together,
 * so the member's next request already has the new role. Nobody changes their own role, so the
 * platform never loses its last Super Admin by accident.
 */
export async function setMemberRole(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  memberId: string,
  role: AdminRole,
): Promise<TeamMember> {
  const member = await deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(teamMembers).where(eq(teamMembers.id, memberId)).for('update');
    if (!m) throw new AppError('NOT_FOUND', 'Team member not found');
    if (!m.userId) throw new AppError('CONFLICT', 'This member has not accepted their invite yet');
    if (m.userId === actor.userId) throw new AppError('CONFLICT', 'You cannot change your own role');
    if (m.role === role) return m;
    const [updated] = await tx.update(teamMembers).set({ role }).where(eq(teamMembers.id, memberId)).returning();
    await tx
      .update(userProfiles)
      .set({ adminRole: role, updatedAt: new Date() })
      .where(and(eq(userProfiles.userId, m.userId), eq(userProfiles.userType, 'admin')));
    await recordAudit(tx, {
      actionType: 'member_role_changed',
      entityType: 'team_member',
      entityId: memberId,
      actor,
      details: { email: m.email, full_name: m.fullName, from: m.role, to: role },
    });
    return updated;
  });
  // The member's open event streams end at once and reconnect with the new role's rights.
  await deps.bus.accessChanged(member.userId!);
  await deps.bus.publish(topicName.admin, 'team.member', { memberId, isActive: member.isActive });
  return toTeamMember(member);
}

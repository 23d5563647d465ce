import type { TeamInvite, TeamMember } from '../../../../domain/contracts/admin/team';
import type { invitations, teamMembers } from '../../../db/schema/index';

export function toTeamMember(m: typeof teamMembers.$inferSelect): TeamMember {
  return {
    id: m.id,
    userId: m.userId,
    fullName: m.fullName,
    email: m.email,
    role: m.role,
    isActive: m.isActive,
    pending: m.userId === null,
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toTeamInvite(
  i: typeof invitations.$inferSelect,
  invitedByName: string | null,
  now = new Date(),
): TeamInvite {
  return {
    id: i.id,
    email: i.email,
    fullName: i.fullName,
    role: i.teamRole ?? 'read_only',
    invitedByName,
    expiresAt: i.expiresAt.toISOString(),
    expired: i.expiresAt <= now,
    createdAt: i.createdAt.toISOString(),
  };
}

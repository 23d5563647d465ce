import { and, desc, eq } from 'drizzle-orm';
import type { TeamResponse } from '../../../../domain/contracts/admin/team';
import type { Db } from '../../../db/client';
import { invitations, teamMembers, userProfiles } from '../../../db/schema/index';
import { toTeamInvite, toTeamMember } from './team-rows';

/** The Team screen: every member newest first, and the team invitations still pending. */
export async function listTeam(db: Db): Promise<TeamResponse> {
  const members = await db.select().from(teamMembers).orderBy(desc(teamMembers.createdAt));
  const invites = await db
    .select({ invite: invitations, invitedByName: userProfiles.displayName })
    .from(invitations)
    .leftJoin(userProfiles, eq(userProfiles.userId, invitations.invitedBy))
    .where(and(eq(invitations.invitationType, 'team_membership'), eq(invitations.status, 'pending')))
    .orderBy(desc(invitations.createdAt));
  const now = new Date();
  return {
    members: members.map(toTeamMember),
    invites: invites.map((r) => toTeamInvite(r.invite, r.invitedByName, now)),
  };
}

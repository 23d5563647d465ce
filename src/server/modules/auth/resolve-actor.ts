import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/policies';
import type { AdminRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { teamMembers, userProfiles } from '../../db/schema/index';

/** The signed-in user as better-auth knows them. */
export type SessionUser = { id: string; email: string; name: string };

/** The profile fields an actor is built from. */
export type ActorProfile = Pick<
  typeof userProfiles.$inferSelect,
  'userType' | 'status' | 'isActive' | 'adminRole' | 'displayName' | 'firstName' | 'lastName'
>;

/** The user's active team membership, if any. */
export type ActorTeam = { role: AdminRole; isActive: boolean };

/**
 * The actor of a signed-in user from their profile and active team membership (null without a
 * profile). Admin rights come from an active admin profile or an active team-member row
 * (docs/product/admin.md#sign-in: admin login). Both the one-statement session lookup and
 * resolveActor build the actor here (docs/decisions/0184-one-statement-session-lookup.md).
 */
export function actorFromRow(user: SessionUser, profile: ActorProfile | null, team: ActorTeam | null): Actor | null {
  if (!profile) return null;
  const p = profile;
  const adminFromProfile = p.userType === 'admin' && p.isActive ? (p.adminRole ?? 'read_only') : null;
  const adminRole = adminFromProfile ?? (team?.isActive ? team.role : null);
  return {
    userId: user.id,
    email: user.email,
    name: p.displayName || [p.firstName, p.lastName].filter(Boolean).join(' ') || user.name || '',
    userType: adminRole && p.userType !== 'admin' ? 'admin' : p.userType,
    status: p.status,
    adminRole,
  };
}

/** Builds the actor for a signed-in user, reading their profile and active team membership. */
export async function resolveActor(db: Db, user: SessionUser): Promise<Actor | null> {
  const [row] = await db
    .select({
      profile: {
        userType: userProfiles.userType,
        status: userProfiles.status,
        isActive: userProfiles.isActive,
        adminRole: userProfiles.adminRole,
        displayName: userProfiles.displayName,
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
      },
      team: { role: teamMembers.role, isActive: teamMembers.isActive },
    })
    .from(userProfiles)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, userProfiles.userId), eq(teamMembers.isActive, true)))
    .where(eq(userProfiles.userId, user.id))
    .limit(1);
  if (!row) return null;
  return actorFromRow(user, row.profile, row.team);
}

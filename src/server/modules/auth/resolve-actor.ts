import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { teamMembers, userProfiles } from '../../db/schema/index';

/**
 * Builds the actor for a signed-in user. Admin rights come from an active admin profile or an
 * active team-member row (docs/product/admin.md#sign-in: admin login).
 */
export async function resolveActor(db: Db, user: { id: string; email: string; name: string }): Promise<Actor | null> {
  const [row] = await db
    .select({ profile: userProfiles, team: { role: teamMembers.role, isActive: teamMembers.isActive } })
    .from(userProfiles)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, userProfiles.userId), eq(teamMembers.isActive, true)))
    .where(eq(userProfiles.userId, user.id))
    .limit(1);
  if (!row) return null;
  const p = row.profile;
  const adminFromProfile = p.userType === 'admin' && p.isActive ? (p.adminRole ?? 'read_only') : null;
  const adminRole = adminFromProfile ?? (row.team?.isActive ? row.team.role : null);
  return {
    userId: user.id,
    email: user.email,
    name: p.displayName || [p.firstName, p.lastName].filter(Boolean).join(' ') || user.name || '',
    userType: adminRole && p.userType !== 'admin' ? 'admin' : p.userType,
    status: p.status,
    adminRole,
  };
}

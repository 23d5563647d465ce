import { eq } from 'drizzle-orm';
import type { AdminProfile } from '../../../domain/contracts/admin/overview';
import type { Actor } from '../../../domain/policies';
import { ADMIN_ROLE_LABELS } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { teamMembers } from '../../db/schema/index';

/** Records that an admin signed in to the back office (team_members.last_login_at). */
export async function touchAdminSession(db: Db, actor: Actor): Promise<void> {
  await db.update(teamMembers).set({ lastLoginAt: new Date() }).where(eq(teamMembers.userId, actor.userId));
}

/** The signed-in admin's profile: name, e-mail, role and last sign-in. */
export async function getAdminProfile(db: Db, actor: Actor): Promise<AdminProfile> {
  const [member] = await db
    .select({ lastLoginAt: teamMembers.lastLoginAt, createdAt: teamMembers.createdAt })
    .from(teamMembers)
    .where(eq(teamMembers.userId, actor.userId))
    .limit(1);
  const role = actor.adminRole!;
  return {
    name: actor.name,
    email: actor.email,
    role,
    roleLabel: ADMIN_ROLE_LABELS[role],
    lastLoginAt: member?.lastLoginAt?.toISOString() ?? null,
    memberSince: member?.createdAt.toISOString() ?? null,
  };
}

import { type SQL, and, desc, eq, inArray } from 'drizzle-orm';
import type { Invitation } from '../../../domain/contracts/partner/invitations';
import { inviteStatus } from '../../../domain/partner-access';
import type { DbOrTx } from '../../db/client';
import { invitations, sites, userProfiles } from '../../db/schema/index';
import { requireBrand } from './access';

/** A brand's staff invitations, newest first (owner or admin); expired is worked out as of `now`. */
export async function listInvitations(
  db: DbOrTx,
  userId: string,
  brandId: string,
  now = new Date(),
  extra?: SQL,
): Promise<Invitation[]> {
  await requireBrand(db, userId, brandId, 'manage');
  const rows = await db
    .select({ invite: invitations, inviter: userProfiles.displayName })
    .from(invitations)
    .leftJoin(userProfiles, eq(userProfiles.userId, invitations.invitedBy))
    .where(and(eq(invitations.brandId, brandId), eq(invitations.invitationType, 'partner_staff'), extra))
    .orderBy(desc(invitations.createdAt))
    .limit(200);
  const siteIds = [...new Set(rows.flatMap((r) => r.invite.siteIds))];
  const names = siteIds.length
    ? await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, siteIds))
    : [];
  return rows.map(({ invite, inviter }) => ({
    id: invite.id,
    email: invite.email,
    role: invite.partnerRole ?? 'site_manager',
    status: inviteStatus(invite, now),
    sites: invite.siteIds.flatMap((id) => names.filter((s) => s.id === id)),
    invitedBy: inviter,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
  }));
}

import { eq, inArray } from 'drizzle-orm';
import type { LookupInvitationResponse } from '../../../domain/contracts/partner/invitations';
import { AppError } from '../../../domain/errors';
import { inviteStatus } from '../../../domain/partner-access';
import type { DbOrTx } from '../../db/client';
import { brands, invitations, sites, user } from '../../db/schema/index';
import { hashInviteToken } from './invitation-token';

/** The invitation a link's token names, or 404: only the holder of the link learns what it offers. */
export async function findInvitationByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ invite: invitations, brandName: brands.name })
    .from(invitations)
    .innerJoin(brands, eq(brands.id, invitations.brandId))
    .where(eq(invitations.tokenHash, hashInviteToken(token)))
    .limit(1);
  if (!row || row.invite.invitationType !== 'partner_staff') throw new AppError('NOT_FOUND', 'Invitation not found');
  return row;
}

export async function lookupInvitation(db: DbOrTx, token: string, now = new Date()): Promise<LookupInvitationResponse> {
  const { invite, brandName } = await findInvitationByToken(db, token);
  const siteRows = invite.siteIds.length
    ? await db.select({ name: sites.name }).from(sites).where(inArray(sites.id, invite.siteIds))
    : [];
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, invite.email)).limit(1);
  return {
    invitation: {
      email: invite.email,
      brandName,
      role: invite.partnerRole ?? 'site_manager',
      sites: siteRows.map((s) => s.name),
      status: inviteStatus(invite, now),
      expiresAt: invite.expiresAt.toISOString(),
    },
    accountExists: !!account,
  };
}

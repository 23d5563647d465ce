import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { CreateInvitationBody, Invitation } from '../../../domain/contracts/partner/invitations';
import { AppError } from '../../../domain/errors';
import { INVITE_ROLE_LABELS, inviteExpiry } from '../../../domain/partner-access';
import type { Actor } from '../../../domain/policies';
import { mayOfferBrandRole } from '../../../domain/role-grants';
import type { Db } from '../../db/client';
import { brandMemberships, brands, invitations, sites, user } from '../../db/schema/index';
import type { Mailer } from '../../platform/mail';
import { requireBrand } from './access';
import { recordAudit } from '../audit';
import { getCompanyDetails } from '../settings';
import { emailFooterText } from '../../../domain/company-details';
import { isUniqueViolation } from '../../platform/db-errors';
import { hashInviteToken, newInviteToken } from './invitation-token';
import { listInvitations } from './list-invitations';

/**
 * Invites someone to a brand (owner or admin) as admin, or as site manager of some of its
 * locations, and e-mails them a link that works for 7 days. A pending invitation for the same
 * address blocks a second one; one past its expiry is marked expired first. If the mail cannot
 * be sent the invitation is revoked again, so no invitation exists that nobody received.
 */
export async function createInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  actor: Actor,
  brandId: string,
  input: CreateInvitationBody,
  now = new Date(),
): Promise<Invitation> {
  const inviterRole = await requireBrand(deps.db, actor.userId, brandId, 'manage');
  // Only roles within the inviter's own (docs/decisions/0200-grant-within-own-role.md).
  if (!mayOfferBrandRole(inviterRole, input.role))
    throw new AppError('FORBIDDEN', 'You can only invite someone to a role you hold yourself.');
  const siteIds = input.role === 'admin' ? [] : [...new Set(input.siteIds)];
  const token = newInviteToken();

  const { id, brandName, siteNames } = await deps.db.transaction(async (tx) => {
    const [brand] = await tx.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
    const found = siteIds.length
      ? await tx
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(and(inArray(sites.id, siteIds), eq(sites.brandId, brandId), ne(sites.status, 'archived')))
      : [];
    if (found.length !== siteIds.length)
      throw new AppError('VALIDATION_ERROR', 'Select locations of this brand', { field: 'siteIds' });
    const [member] = await tx
      .select({ id: brandMemberships.id })
      .from(brandMemberships)
      .innerJoin(user, eq(user.id, brandMemberships.userId))
      .where(and(eq(brandMemberships.brandId, brandId), eq(user.email, input.email)));
    if (member) throw new AppError('CONFLICT', `${input.email} already works for this brand`, { field: 'email' });
    await tx
      .update(invitations)
      .set({ status: 'expired' })
      .where(
        and(
          eq(invitations.brandId, brandId),
          eq(invitations.email, input.email),
          eq(invitations.invitationType, 'partner_staff'),
          eq(invitations.status, 'pending'),
          lte(invitations.expiresAt, now),
        ),
      );
    try {
      const [row] = await tx
        .insert(invitations)
        .values({
          email: input.email,
          invitationType: 'partner_staff',
          brandId,
          partnerRole: input.role,
          siteIds,
          status: 'pending',
          tokenHash: hashInviteToken(token),
          expiresAt: inviteExpiry(now),
          invitedBy: actor.userId,
          createdAt: now,
        })
        .returning({ id: invitations.id });
      await recordAudit(tx, {
        actionType: 'invite_sent',
        entityType: 'invitation',
        entityId: row.id,
        actor: { userId: actor.userId, name: actor.name || actor.email },
        details: { brandId, email: input.email, role: input.role, siteIds },
      });
      return { id: row.id, brandName: brand.name, siteNames: found.map((s) => s.name) };
    } catch (err) {
      if (isUniqueViolation(err, 'invitations_staff_pending_email')) {
        throw new AppError('CONFLICT', `An invitation to ${input.email} is already pending`, { field: 'email' });
      }
      throw err;
    }
  });

  const link = `${deps.publicUrl}/partner/invite?token=${encodeURIComponent(token)}`;
  const where = input.role === 'admin' ? 'every location' : siteNames.join(', ');
  try {
    // In the company's name of the settings, with its support line (docs/decisions/0171-company-details-in-messages.md).
    const company = await getCompanyDetails(deps.db);
    await deps.mailer.send({
      to: input.email,
      subject: `You're invited to join ${brandName} on ${company.companyName}`,
      text:
        `Salam,\n\n${actor.name || actor.email} invited you to join ${brandName} on ${company.companyName} as ${INVITE_ROLE_LABELS[input.role].toLowerCase()} (${where}).\n\n` +
        `Accept the invitation here; the link works for 7 days:\n\n${link}\n\nIf you did not expect this, you can ignore this mail.` +
        emailFooterText(company),
    });
  } catch {
    await deps.db.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, id));
    throw new AppError('UNAVAILABLE', 'The invitation e-mail could not be sent. Please try again.');
  }
  const list = await listInvitations(deps.db, actor.userId, brandId, now, sql`${invitations.id} = ${id}`);
  return list[0];
}

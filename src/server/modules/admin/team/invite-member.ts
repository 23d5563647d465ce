import { and, eq, isNull, lte } from 'drizzle-orm';
import { INVITE_EXPIRY_DAYS, TEAM_MESSAGES, type TeamInvite } from '../../../../domain/contracts/admin/team';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import { mayOffer } from '../../../../domain/role-grants';
import { ADMIN_ROLE_LABELS, type AdminRole } from '../../../../domain/roles';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { invitations, teamMembers } from '../../../db/schema/index';
import type { Mailer } from '../../../platform/mail';
import type { LiveBus } from '../../../platform/live-bus';
import { recordAudit } from '../../audit';
import { getCompanyDetails } from '../../settings';
import { emailFooterText } from '../../../../domain/company-details';
import { isUniqueViolation } from '../../../platform/db-errors';
import { newInviteToken } from './invite-token';
import { toTeamInvite } from './team-rows';

/**
 * Invites someone to the back-office team: the invitation (expiring in 7 days) and a "Pending"
 * member row without an account are written with the audit row in one transaction; the e-mail with
 * the token link goes out after commit. A second pending invite for the same e-mail is refused
 * with the product's message (the database's unique index decides, code 23505).
 */
export async function inviteMember(
  deps: { db: Db; bus: LiveBus; mailer: Mailer; publicUrl: string },
  actor: Actor,
  input: { fullName: string; email: string; role: AdminRole },
): Promise<TeamInvite> {
  // Only roles within the inviter's own areas (docs/decisions/0200-grant-within-own-role.md), checked
  // before anything is written.
  if (!mayOffer(actor.adminRole, input.role)) {
    const message = input.role === 'super_admin' ? TEAM_MESSAGES.superAdminOnly : TEAM_MESSAGES.beyondOwnRole;
    throw new AppError('FORBIDDEN', message);
  }
  const { token, hash } = newInviteToken();
  const now = new Date();
  let invite: typeof invitations.$inferSelect;
  try {
    invite = await deps.db.transaction(async (tx) => {
      const [member] = await tx.select().from(teamMembers).where(eq(teamMembers.email, input.email)).limit(1);
      if (member?.userId) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
      // An expired invite no longer blocks a new one.
      await tx
        .update(invitations)
        .set({ status: 'expired' })
        .where(
          and(
            eq(invitations.invitationType, 'team_membership'),
            eq(invitations.email, input.email),
            eq(invitations.status, 'pending'),
            lte(invitations.expiresAt, now),
          ),
        );
      const [row] = await tx
        .insert(invitations)
        .values({
          email: input.email,
          fullName: input.fullName,
          invitationType: 'team_membership',
          teamRole: input.role,
          status: 'pending',
          tokenHash: hash,
          expiresAt: new Date(now.getTime() + INVITE_EXPIRY_DAYS * 86_400_000),
          invitedBy: actor.userId,
        })
        .returning();
      if (member) {
        await tx
          .update(teamMembers)
          .set({ fullName: input.fullName, role: input.role })
          .where(and(eq(teamMembers.id, member.id), isNull(teamMembers.userId)));
      } else {
        await tx
          .insert(teamMembers)
          .values({ fullName: input.fullName, email: input.email, role: input.role, isActive: true });
      }
      await recordAudit(tx, {
        actionType: 'invite_sent',
        entityType: 'invitation',
        entityId: row.id,
        actor,
        details: { email: input.email, role: input.role, full_name: input.fullName },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'invitations_team_pending_email'))
      throw new AppError('CONFLICT', TEAM_MESSAGES.duplicate, { field: 'email' });
    throw err;
  }

  const link = `${deps.publicUrl}/admin/invite?token=${token}`;
  try {
    // In the company's name of the settings, with its support line (docs/decisions/0171-company-details-in-messages.md).
    const company = await getCompanyDetails(deps.db);
    const name = company.companyName;
    await deps.mailer.send({
      to: input.email,
      subject: `You're invited to the ${name} back office`,
      text:
        [
          `Salam ${input.fullName},`,
          '',
          `${actor.name || `A ${name} admin`} has invited you to join the ${name} back office as ${ADMIN_ROLE_LABELS[input.role]}.`,
          `Accept the invite within ${INVITE_EXPIRY_DAYS} days: ${link}`,
          '',
          'If you were not expecting this, you can ignore this e-mail.',
        ].join('\n') + emailFooterText(company),
    });
  } catch {
    // The invite is useless without its link: take it back so it can be sent again.
    await deps.db.transaction(async (tx) => {
      await tx.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, invite.id));
      await tx.delete(teamMembers).where(and(eq(teamMembers.email, input.email), isNull(teamMembers.userId)));
    });
    throw new AppError('INTERNAL', TEAM_MESSAGES.sendFailed);
  }
  await deps.bus.publish(topicName.admin, 'team.invited', { inviteId: invite.id });
  return toTeamInvite(invite, actor.name, now);
}

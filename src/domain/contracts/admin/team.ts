import { z } from 'zod';
import { ADMIN_ROLES } from '../../roles';

/** The product texts for the Team screen (docs/product/admin.md#team). */
export const TEAM_MESSAGES = {
  loadFailed: 'Failed to load team data',
  fillAll: 'Please fill in all fields',
  duplicate: 'An invite has already been sent to this email',
  sendFailed: 'Failed to send invite',
  sent: 'Invite sent successfully',
  revoked: 'Invite revoked',
  revokeFailed: 'Failed to revoke invite',
  activated: 'Member activated',
  deactivated: 'Member deactivated',
  statusFailed: 'Failed to update member status',
  superAdminOnly: 'Only a Super Admin can invite another Super Admin',
  /** An inviter offers only roles whose areas they have themselves (docs/decisions/0200-grant-within-own-role.md). */
  beyondOwnRole: 'You can only invite someone to a role whose areas you have yourself',
  /** The same rule for switching a member on or off. */
  beyondOwnRoleStatus: 'You can only change members whose role has no areas beyond your own',
  alreadyMember: 'This person is already on the team',
} as const;

/** Invitations expire 7 days after they are sent (the product docs leave the duration open: docs/decisions/0051-team-invitations.md). */
export const INVITE_EXPIRY_DAYS = 7;

export const teamMember = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  isActive: z.boolean(),
  /** No account yet: the invite has not been accepted ("Pending"). */
  pending: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamInvite = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInvite>;

/** GET /api/admin/team: members newest first and the pending invitations. */
export const teamResponse = z.object({ members: z.array(teamMember), invites: z.array(teamInvite) });
export type TeamResponse = z.infer<typeof teamResponse>;

/** POST /api/admin/team/invites: full name, e-mail (lower-cased) and role, all required. */
export const inviteBody = z.strictObject({
  fullName: z.string({ error: TEAM_MESSAGES.fillAll }).trim().min(1, TEAM_MESSAGES.fillAll).max(120),
  email: z
    .string({ error: TEAM_MESSAGES.fillAll })
    .trim()
    .min(1, TEAM_MESSAGES.fillAll)
    .max(254)
    .pipe(z.email('Please enter a valid email address'))
    .transform((e) => e.toLowerCase()),
  role: z.enum(ADMIN_ROLES, { error: TEAM_MESSAGES.fillAll }),
});
export type InviteBody = z.input<typeof inviteBody>;
export const inviteResponse = z.object({ invite: teamInvite });

export const inviteParams = z.strictObject({ id: z.uuid() });
export const memberParams = z.strictObject({ id: z.uuid() });
export const memberStatusBody = z.strictObject({ isActive: z.boolean() });
export const memberStatusResponse = z.object({ member: teamMember });

/** The invite link's token, sent in the body so it stays out of URLs and logs. */
export const inviteTokenBody = z.strictObject({ token: z.string().min(16).max(200) });

/** POST /api/admin/invitations/lookup: what the invite page shows before signing up or in. */
export const inviteLookupResponse = z.object({
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
  roleLabel: z.string(),
  status: z.enum(['pending', 'expired', 'revoked', 'accepted']),
  hasAccount: z.boolean(),
  expiresAt: z.string(),
});
export type InviteLookup = z.infer<typeof inviteLookupResponse>;

/** POST /api/admin/invitations/sign-up: creates the invited account (the token confirms the e-mail). */
export const inviteSignUpBody = inviteTokenBody.extend({
  fullName: z.string().trim().min(1, 'Please enter your name').max(120),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
});
export const inviteAcceptResponse = z.object({ email: z.string(), role: z.enum(ADMIN_ROLES) });

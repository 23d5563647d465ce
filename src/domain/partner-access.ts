import type { BrandRole } from './roles';

/**
 * What each brand role may do (docs/decisions/0030-partner-console-brands-and-selection.md). Owners and admins run the whole brand: its details,
 * its locations, the base menu and the staff. A site manager runs only the locations named on
 * them: their details, settings, hours, per-location menu and orders.
 */
export function canManageBrand(role: BrandRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Roles an invitation may give (docs/product/partner.md#staff); a brand has one owner, its creator. */
export const INVITE_ROLES = ['site_manager', 'admin'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const INVITE_ROLE_LABELS: Record<BrandRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  site_manager: 'Site manager',
};

/** An invitation link works for 7 days (the product leaves the duration open; docs/decisions/0035-staff-invitations.md). */
export const INVITE_TTL_DAYS = 7;

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** The status as of `now`: a pending invitation past its expiry reads expired. */
export function inviteStatus(invite: { status: InviteStatus; expiresAt: Date }, now: Date): InviteStatus {
  return invite.status === 'pending' && invite.expiresAt.getTime() <= now.getTime() ? 'expired' : invite.status;
}

/** When an invitation sent at `now` stops working. */
export function inviteExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000);
}

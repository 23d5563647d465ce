import { and, eq, gt } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { brandMemberships, invitations } from '../../db/schema/index';
import { requireBrand } from './access';

/** Revokes a pending invitation (owner or admin of its brand); anything else is 409. */
export async function revokeInvitation(db: Db, userId: string, invitationId: string, now = new Date()): Promise<void> {
  const [invite] = await db
    .select({ brandId: invitations.brandId })
    .from(invitations)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, invitations.brandId), eq(brandMemberships.userId, userId)))
    .where(and(eq(invitations.id, invitationId), eq(invitations.invitationType, 'partner_staff')));
  if (!invite?.brandId) throw new AppError('NOT_FOUND', 'Invitation not found');
  await requireBrand(db, userId, invite.brandId, 'manage');
  const revoked = await db
    .update(invitations)
    .set({ status: 'revoked' })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  if (!revoked.length) throw new AppError('CONFLICT', 'Only pending invitations can be revoked');
}

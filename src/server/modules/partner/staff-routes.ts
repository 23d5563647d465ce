import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { acceptInvitation } from './accept-invitation';
import { removeStaffMember, updateStaffMember } from './change-staff';
import { createInvitation } from './create-invitation';
import { listInvitations } from './list-invitations';
import { listStaff } from './list-staff';
import { lookupInvitation } from './lookup-invitation';
import { revokeInvitation } from './revoke-invitation';

/** Staff Management (owner or admin) and the public side of an invitation link. */
export function staffRoutes(app: FastifyInstance): void {
  const { mailer, config } = app.deps;
  const db = app.deps.database.db;

  route(app, partnerEndpoints.getPartnerBrandsByBrandIdInvitations, async (request) => ({
    invitations: await listInvitations(db, request.actor!.userId, request.params.brandId),
  }));

  route(app, partnerEndpoints.postPartnerBrandsByBrandIdInvitations, async (request, reply) =>
    reply.status(201).send({
      invitation: await createInvitation(
        { db, mailer, publicUrl: config.publicUrl },
        request.actor!,
        request.params.brandId,
        request.body,
      ),
    }),
  );

  route(app, partnerEndpoints.deletePartnerInvitationsByInvitationId, async (request) => {
    await revokeInvitation(db, request.actor!, request.params.invitationId);
    return { ok: true as const };
  });

  route(app, partnerEndpoints.getPartnerBrandsByBrandIdStaff, async (request) => ({
    staff: await listStaff(db, request.actor!.userId, request.params.brandId),
  }));

  // A member's changed or removed access ends their open event streams at once.
  route(app, partnerEndpoints.patchPartnerBrandsByBrandIdStaffByUserId, async (request) => {
    const member = await updateStaffMember(
      db,
      request.actor!,
      request.params.brandId,
      request.params.userId,
      request.body,
    );
    await app.deps.bus.accessChanged(request.params.userId);
    return { member };
  });

  route(app, partnerEndpoints.deletePartnerBrandsByBrandIdStaffByUserId, async (request) => {
    await removeStaffMember(db, request.actor!, request.params.brandId, request.params.userId);
    await app.deps.bus.accessChanged(request.params.userId);
    return { ok: true as const };
  });

  route(app, partnerEndpoints.postInvitationsLookup, async (request) => lookupInvitation(db, request.body.token));

  route(app, partnerEndpoints.postInvitationsAccept, async (request) =>
    acceptInvitation(db, request.actor, request.body),
  );
}

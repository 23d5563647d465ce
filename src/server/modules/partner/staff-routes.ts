import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  brandStaffParams,
  createInvitationBody,
  invitationParams,
  invitationResponse,
  listInvitationsResponse,
  listStaffResponse,
  lookupInvitationBody,
  lookupInvitationResponse,
} from '../../../domain/contracts/partner/invitations';
import { POLICIES } from '../../../domain/policies';
import { okResponse } from '../../../domain/contracts/menu/sections';
import { acceptInvitation } from './accept-invitation';
import { createInvitation } from './create-invitation';
import { listInvitations } from './list-invitations';
import { listStaff } from './list-staff';
import { lookupInvitation } from './lookup-invitation';
import { revokeInvitation } from './revoke-invitation';

/** Staff Management (owner or admin) and the public side of an invitation link. */
export function staffRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mailer, config } = app.deps;
  const db = app.deps.database.db;
  const partner = { policy: POLICIES.partner };
  const pub = { policy: POLICIES.public };

  r.get(
    '/api/partner/brands/:brandId/invitations',
    { config: partner, schema: { params: brandStaffParams, response: { 200: listInvitationsResponse } } },
    async (request) => ({ invitations: await listInvitations(db, request.actor!.userId, request.params.brandId) }),
  );

  r.post(
    '/api/partner/brands/:brandId/invitations',
    {
      config: partner,
      schema: { params: brandStaffParams, body: createInvitationBody, response: { 201: invitationResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({
        invitation: await createInvitation(
          { db, mailer, publicUrl: config.publicUrl },
          request.actor!,
          request.params.brandId,
          request.body,
        ),
      }),
  );

  r.delete(
    '/api/partner/invitations/:invitationId',
    { config: partner, schema: { params: invitationParams, response: { 200: okResponse } } },
    async (request) => {
      await revokeInvitation(db, request.actor!, request.params.invitationId);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/partner/brands/:brandId/staff',
    { config: partner, schema: { params: brandStaffParams, response: { 200: listStaffResponse } } },
    async (request) => ({
      staff: await listStaff(db, request.actor!.userId, request.params.brandId),
    }),
  );

  r.post(
    '/api/invitations/lookup',
    { config: pub, schema: { body: lookupInvitationBody, response: { 200: lookupInvitationResponse } } },
    async (request) => lookupInvitation(db, request.body.token),
  );

  r.post(
    '/api/invitations/accept',
    { config: pub, schema: { body: acceptInvitationBody, response: { 200: acceptInvitationResponse } } },
    async (request) => acceptInvitation(db, request.actor, request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteAcceptResponse,
  inviteBody,
  inviteLookupResponse,
  inviteParams,
  inviteResponse,
  inviteSignUpBody,
  inviteTokenBody,
  memberParams,
  memberStatusBody,
  memberStatusResponse,
  teamResponse,
} from '../../../domain/contracts/admin/team';
import { POLICIES, adminArea } from '../../../domain/policies';
import { acceptInviteSignedIn, lookupInvite, signUpWithInvite } from './team/accept-invite';
import { inviteMember } from './team/invite-member';
import { listTeam } from './team/list-team';
import { revokeInvite } from './team/revoke-invite';
import { setMemberActive } from './team/set-member-active';

/** Team (area team): members, invitations; and the invite link's own routes (the token is the key). */
export function adminTeamRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bus, mailer, config } = app.deps;
  const db = app.deps.database.db;
  const policy = adminArea('team');

  r.get('/api/admin/team', { config: { policy }, schema: { response: { 200: teamResponse } } }, async () =>
    listTeam(db),
  );

  r.post(
    '/api/admin/team/invites',
    { config: { policy }, schema: { body: inviteBody, response: { 201: inviteResponse } } },
    async (request, reply) => {
      const invite = await inviteMember({ db, bus, mailer, publicUrl: config.publicUrl }, request.actor!, request.body);
      return reply.status(201).send({ invite });
    },
  );

  r.post(
    '/api/admin/team/invites/:id/revoke',
    { config: { policy }, schema: { params: inviteParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await revokeInvite({ db, bus }, request.actor!, request.params.id);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/team/members/:id/status',
    {
      config: { policy },
      schema: { params: memberParams, body: memberStatusBody, response: { 200: memberStatusResponse } },
    },
    async (request) => ({
      member: await setMemberActive({ db, bus }, request.actor!, request.params.id, request.body.isActive),
    }),
  );

  // The invite link: anyone holding the token may see the invite and create the invited account.
  r.post(
    '/api/admin/invitations/lookup',
    { config: { policy: POLICIES.public }, schema: { body: inviteTokenBody, response: { 200: inviteLookupResponse } } },
    async (request) => lookupInvite(db, request.body.token),
  );
  r.post(
    '/api/admin/invitations/sign-up',
    {
      config: { policy: POLICIES.public },
      schema: { body: inviteSignUpBody, response: { 201: inviteAcceptResponse } },
    },
    async (request, reply) => reply.status(201).send(await signUpWithInvite({ db, bus }, request.body)),
  );
  r.post(
    '/api/admin/invitations/accept',
    {
      config: { policy: POLICIES.signedIn },
      schema: { body: inviteTokenBody, response: { 200: inviteAcceptResponse } },
    },
    async (request) => acceptInviteSignedIn({ db, bus }, request.actor!, request.body.token),
  );
}

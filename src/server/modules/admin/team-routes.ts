import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { acceptInviteSignedIn, lookupInvite, signUpWithInvite } from './team/accept-invite';
import { inviteMember } from './team/invite-member';
import { listTeam } from './team/list-team';
import { revokeInvite } from './team/revoke-invite';
import { setMemberActive } from './team/set-member-active';
import { setMemberRole } from './team/set-member-role';

/** Team (area team): members, invitations; and the invite link's own routes (the token is the key). */
export function adminTeamRoutes(app: FastifyInstance): void {
  const { bus, mailer, config } = app.deps;
  const db = app.deps.database.db;

  route(app, adminEndpoints.getAdminTeam, async () => listTeam(db));

  route(app, adminEndpoints.postAdminTeamInvites, async (request, reply) => {
    const invite = await inviteMember({ db, bus, mailer, publicUrl: config.publicUrl }, request.actor!, request.body);
    return reply.status(201).send({ invite });
  });

  route(app, adminEndpoints.postAdminTeamInvitesByIdRevoke, async (request) => {
    await revokeInvite({ db, bus }, request.actor!, request.params.id);
    return { ok: true as const };
  });

  route(app, adminEndpoints.postAdminTeamMembersByIdStatus, async (request) => ({
    member: await setMemberActive({ db, bus }, request.actor!, request.params.id, request.body.isActive),
  }));

  route(app, adminEndpoints.postAdminTeamMembersByIdRole, async (request) => ({
    member: await setMemberRole({ db, bus }, request.actor!, request.params.id, request.body.role),
  }));

  // The invite link: anyone holding the token may see the invite and create the invited account.
  route(app, adminEndpoints.postAdminInvitationsLookup, async (request) => lookupInvite(db, request.body.token));
  route(app, adminEndpoints.postAdminInvitationsSignUp, async (request, reply) =>
    reply.status(201).send(await signUpWithInvite({ db, bus }, request.body)),
  );
  route(app, adminEndpoints.postAdminInvitationsAccept, async (request) =>
    acceptInviteSignedIn({ db, bus }, request.actor!, request.body.token),
  );
}

import { authEndpoints } from '../../../domain/contracts/auth/endpoints';
import { route } from '../../http/route';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { homePathFor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

/** GET /api/me: the signed-in user (or null) with their type, status, admin role and home path. */
export function meRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, authEndpoints.getMe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const actor = request.actor;
    if (!actor) return { user: null };
    const [p] = await deps.db
      .select({ displayName: userProfiles.displayName })
      .from(userProfiles)
      .where(eq(userProfiles.userId, actor.userId));
    return {
      user: {
        id: actor.userId,
        email: actor.email,
        name: actor.name,
        userType: actor.userType,
        status: actor.status,
        adminRole: actor.adminRole,
        displayName: p?.displayName ?? null,
        home: homePathFor(actor),
      },
    };
  });
}

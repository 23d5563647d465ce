import type { FastifyInstance } from 'fastify';
import { pushEndpoints } from '../../../domain/contracts/push/endpoints';
import { route } from '../../http/route';
import { listPushSubscriptions } from './list-subscriptions';
import { subscribePush } from './subscribe';
import { unsubscribePush } from './unsubscribe';

/** Web Push opt-in for every signed-in person (docs/decisions/0143-web-push.md); each acts on the caller's own rows. */
export function pushRoutes(app: FastifyInstance): void {
  const { config, database } = app.deps;

  route(app, pushEndpoints.getPushKey, async () => ({ publicKey: config.vapid.publicKey }));

  route(app, pushEndpoints.getPushSubscriptions, async (request) => ({
    subscriptions: await listPushSubscriptions(database.db, request.actor!.userId),
  }));

  route(app, pushEndpoints.postPushSubscriptions, async (request, reply) => {
    reply.status(201);
    return {
      subscription: await subscribePush(database.db, request.actor!.userId, request.body, {
        production: config.production,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    };
  });

  route(app, pushEndpoints.deletePushSubscriptionsOne, async (request, reply) => {
    await unsubscribePush(database.db, request.actor!.userId, request.params.id);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '../../../domain/contracts/account/endpoints';
import { route } from '../../http/route';
import type { Db } from '../../db/client';
import { rateLimited } from '../../plugins/rate-limit';
import { DELETE_ACCOUNT_LIMIT, DELETE_ACCOUNT_WINDOW_SECONDS, deleteAccount } from './delete-account';
import { addFavourite, listFavourites, removeFavourite } from './favourites';
import { getProfile, updateProfile } from './profile';

/** Profile, account deletion and favourites: every query scoped to request.actor (docs/product/customer.md#profile). */
export function profileRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, accountEndpoints.getAccountProfile, async (request) => getProfile(deps.db, request.actor!.userId));

  route(app, accountEndpoints.patchAccountProfile, async (request) =>
    updateProfile(deps.db, request.actor!.userId, request.body),
  );

  // The password check is a secret check: a few tries per account and per IP, then 429 with
  // Retry-After (docs/decisions/0203-secret-check-limits.md).
  const passwordTries = rateLimited(deps.db, 'delete-account', DELETE_ACCOUNT_LIMIT, DELETE_ACCOUNT_WINDOW_SECONDS);
  route(app, accountEndpoints.deleteAccount, { onRequest: passwordTries }, async (request, reply) => {
    await deleteAccount(deps.db, app.deps.auth, request.actor!.userId, request.body.password);
    // The sessions went with the user row (no session hook runs): end the open event streams at once.
    await app.deps.bus.accessChanged(request.actor!.userId);
    return reply.status(204).send();
  });

  route(app, accountEndpoints.getAccountFavourites, async (request) =>
    listFavourites(deps.db, request.actor!.userId, {
      geocoder: app.deps.geocoder,
      deliverTo: request.query.deliverTo,
    }),
  );

  route(app, accountEndpoints.putAccountFavouritesOne, async (request) => {
    await addFavourite(deps.db, request.actor!.userId, request.params.siteId);
    return { siteId: request.params.siteId, favourite: true };
  });

  route(app, accountEndpoints.deleteAccountFavouritesOne, async (request, reply) => {
    await removeFavourite(deps.db, request.actor!.userId, request.params.siteId);
    return reply.status(204).send();
  });
}

import { accountEndpoints } from '../../../domain/contracts/account/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { listAddresses } from './addresses';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { listAccountOrders } from './list-orders';
import { profileRoutes } from './profile-routes';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings';
import { updateAddress } from './update-address';
import { acceptTerms, getTerms } from './terms';

/** The signed-in customer's own account: every query is scoped to request.actor. */
export function accountRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const geocoder = app.deps.geocoder;

  profileRoutes(app, deps);
  route(app, accountEndpoints.getTerms, async (request) => getTerms(deps.db, request.actor!));
  route(app, accountEndpoints.postTermsAccept, async (request) =>
    acceptTerms(deps.db, request.actor!, request.body.version),
  );

  route(app, accountEndpoints.getAccountOrders, async (request) =>
    listAccountOrders(deps.db, request.actor!.userId, request.query.limit, request.query.offset),
  );

  route(app, accountEndpoints.getAccountAddresses, async (request) => ({
    addresses: await listAddresses(deps.db, request.actor!.userId),
  }));

  route(app, accountEndpoints.postAccountAddresses, async (request, reply) => {
    reply.status(201);
    return { address: await createAddress(deps.db, geocoder, request.actor!.userId, request.body) };
  });

  route(app, accountEndpoints.patchAccountAddressesOne, async (request) => ({
    address: await updateAddress(deps.db, geocoder, request.actor!.userId, request.params.id, request.body),
  }));

  route(app, accountEndpoints.deleteAccountAddressesOne, async (request, reply) => {
    await deleteAddress(deps.db, request.actor!.userId, request.params.id);
    return reply.status(204).send();
  });

  route(app, accountEndpoints.getAccountNotifications, async (request) => ({
    settings: await getNotificationSettings(deps.db, request.actor!.userId),
  }));

  route(app, accountEndpoints.putAccountNotifications, async (request) => ({
    settings: await saveNotificationSettings(deps.db, request.actor!.userId, request.body.settings),
  }));
}

import { accountEndpoints } from '../../../domain/contracts/account/endpoints';
import { route } from '../../http/route';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import { listAddresses } from './addresses';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { listAccountOrders } from './list-orders';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings';
import { updateAddress } from './update-address';

/** The signed-in customer's own account: every query is scoped to request.actor. */
export function accountRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const geocoder = app.deps.geocoder;

  route(app, accountEndpoints.getAccountProfile, async (request) => {
    const [p] = await deps.db.select().from(userProfiles).where(eq(userProfiles.userId, request.actor!.userId));
    if (!p) throw new AppError('NOT_FOUND', 'Profile not found');
    return {
      email: p.email,
      displayName: p.displayName,
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    };
  });

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

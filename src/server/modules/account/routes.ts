import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressParams,
  addressResponse,
  createAddressBody,
  listAddressesResponse,
  updateAddressBody,
} from '../../../domain/contracts/account/addresses';
import { accountProfileResponse } from '../../../domain/contracts/account/get-profile';
import { listAccountOrdersQuery, listAccountOrdersResponse } from '../../../domain/contracts/account/list-orders';
import {
  notificationSettingsBody,
  notificationSettingsResponse,
} from '../../../domain/contracts/account/notifications';
import { AppError } from '../../../domain/errors';
import { POLICIES } from '../../../domain/policies';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customer = { policy: POLICIES.customer };
  const geocoder = app.deps.geocoder;

  r.get(
    '/api/account/profile',
    { config: customer, schema: { response: { 200: accountProfileResponse } } },
    async (request) => {
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
    },
  );

  r.get(
    '/api/account/orders',
    { config: customer, schema: { querystring: listAccountOrdersQuery, response: { 200: listAccountOrdersResponse } } },
    async (request) => listAccountOrders(deps.db, request.actor!.userId, request.query.limit, request.query.offset),
  );

  r.get(
    '/api/account/addresses',
    { config: customer, schema: { response: { 200: listAddressesResponse } } },
    async (request) => ({
      addresses: await listAddresses(deps.db, request.actor!.userId),
    }),
  );

  r.post(
    '/api/account/addresses',
    { config: customer, schema: { body: createAddressBody, response: { 201: addressResponse } } },
    async (request, reply) => {
      reply.status(201);
      return { address: await createAddress(deps.db, geocoder, request.actor!.userId, request.body) };
    },
  );

  r.patch(
    '/api/account/addresses/:id',
    {
      config: customer,
      schema: { params: addressParams, body: updateAddressBody, response: { 200: addressResponse } },
    },
    async (request) => ({
      address: await updateAddress(deps.db, geocoder, request.actor!.userId, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/account/addresses/:id',
    { config: customer, schema: { params: addressParams } },
    async (request, reply) => {
      await deleteAddress(deps.db, request.actor!.userId, request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/account/notifications',
    { config: customer, schema: { response: { 200: notificationSettingsResponse } } },
    async (request) => ({
      settings: await getNotificationSettings(deps.db, request.actor!.userId),
    }),
  );

  r.put(
    '/api/account/notifications',
    { config: customer, schema: { body: notificationSettingsBody, response: { 200: notificationSettingsResponse } } },
    async (request) => ({
      settings: await saveNotificationSettings(deps.db, request.actor!.userId, request.body.settings),
    }),
  );
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountProfileResponse } from '../../../domain/contracts/account/get-profile';
import { AppError } from '../../../domain/errors';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

export function accountRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/account/profile',
    { config: { policy: POLICIES.customer }, schema: { response: { 200: accountProfileResponse } } },
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
}

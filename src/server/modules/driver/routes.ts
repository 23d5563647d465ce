import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { driverProfileResponse } from '../../../domain/contracts/driver/get-profile';
import { AppError } from '../../../domain/errors';
import { POLICIES } from '../../../domain/policies';
import type { DriverStatus } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

export function driverRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/driver/profile',
    { config: { policy: POLICIES.driver }, schema: { response: { 200: driverProfileResponse } } },
    async (request) => {
      const [p] = await deps.db.select().from(userProfiles).where(eq(userProfiles.userId, request.actor!.userId));
      if (!p) throw new AppError('NOT_FOUND', 'Driver profile not found');
      return {
        status: (p.status === 'active' ? null : p.status) as DriverStatus | null,
        firstName: p.firstName,
        lastName: p.lastName,
        displayName: p.displayName,
        phone: p.phone,
        vehicleType: p.vehicleType,
        isOnline: p.isOnline,
        currentPostcode: p.currentPostcode,
      };
    },
  );
}

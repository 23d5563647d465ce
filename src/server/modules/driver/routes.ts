import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitApplicationBody, submitApplicationResponse } from '../../../domain/contracts/driver/application';
import { setAvailabilityBody, setAvailabilityResponse } from '../../../domain/contracts/driver/availability';
import { cashOutResponse, earningsResponse } from '../../../domain/contracts/driver/earnings';
import { driverProfileResponse } from '../../../domain/contracts/driver/get-profile';
import { updatePostcodeBody, updatePostcodeResponse } from '../../../domain/contracts/driver/postcode';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { cashOut } from './cash-out';
import { loadDriverProfile, toDriverProfile } from './driver-profile';
import { getEarnings } from './get-earnings';
import { setAvailability } from './set-availability';
import { submitApplication } from './submit-application';
import { updatePostcode } from './update-postcode';

/** The driver's own account: profile, application, availability, postcode, earnings and cash-out. */
export function driverRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const bus = () => app.deps.bus;

  r.get(
    '/api/driver/profile',
    { config: { policy: POLICIES.driver }, schema: { response: { 200: driverProfileResponse } } },
    async (request) => toDriverProfile(await loadDriverProfile(db, request.actor!.userId)),
  );

  r.post(
    '/api/driver/application',
    {
      config: { policy: POLICIES.driver },
      schema: { body: submitApplicationBody, response: { 201: submitApplicationResponse } },
    },
    async (request, reply) => {
      const profile = await submitApplication({ db, bus: bus() }, request.actor!.userId, request.body);
      return reply.status(201).send({ profile });
    },
  );

  r.patch(
    '/api/driver/availability',
    {
      config: { policy: POLICIES.approvedDriver },
      schema: { body: setAvailabilityBody, response: { 200: setAvailabilityResponse } },
    },
    async (request) => setAvailability({ db, bus: bus() }, request.actor!.userId, request.body.isOnline),
  );

  r.patch(
    '/api/driver/postcode',
    {
      config: { policy: POLICIES.approvedDriver },
      schema: { body: updatePostcodeBody, response: { 200: updatePostcodeResponse } },
    },
    async (request) => updatePostcode(db, request.actor!.userId, request.body.postcode),
  );

  r.get(
    '/api/driver/earnings',
    { config: { policy: POLICIES.approvedDriver }, schema: { response: { 200: earningsResponse } } },
    async (request) => getEarnings(db, request.actor!.userId),
  );

  r.post(
    '/api/driver/earnings/cash-out',
    { config: { policy: POLICIES.approvedDriver }, schema: { response: { 200: cashOutResponse } } },
    async (request) => cashOut({ db, bus: bus() }, request.actor!.userId),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  arrivalBody,
  arrivalResponse,
  completeDeliveryBody,
  completeDeliveryResponse,
  positionBody,
  positionResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from '../../../domain/contracts/driver/delivery';
import { jobDetailResponse, jobParams, listJobsQuery, listJobsResponse } from '../../../domain/contracts/driver/jobs';
import { POLICIES } from '../../../domain/policies';
import { acceptJob } from './accept-job';
import { completeDelivery } from './complete-delivery';
import { getJob } from './get-job';
import { listJobs } from './list-jobs';
import { recordArrival } from './record-arrival';
import { recordPosition } from './record-position';
import { verifyCode } from './verify-code';

/** Dispatch for approved drivers: the jobs board, accepting, and the delivery steps. */
export function dispatchRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.database.db, bus: app.deps.bus };
  const policy = POLICIES.approvedDriver;

  r.get(
    '/api/driver/jobs',
    { config: { policy }, schema: { querystring: listJobsQuery, response: { 200: listJobsResponse } } },
    async (request) => listJobs(deps.db, request.actor!.userId, request.query.limit),
  );

  r.get(
    '/api/driver/jobs/:jobId',
    { config: { policy }, schema: { params: jobParams, response: { 200: jobDetailResponse } } },
    async (request) => ({ job: await getJob(deps.db, request.actor!.userId, request.params.jobId) }),
  );

  r.post(
    '/api/driver/jobs/:jobId/accept',
    { config: { policy }, schema: { params: jobParams, response: { 200: jobDetailResponse } } },
    async (request) => ({ job: await acceptJob(deps, request.actor!.userId, request.params.jobId) }),
  );

  r.post(
    '/api/driver/jobs/:jobId/arrival',
    { config: { policy }, schema: { params: jobParams, body: arrivalBody, response: { 200: arrivalResponse } } },
    async (request) => recordArrival(deps, request.actor!.userId, request.params.jobId, request.body.at),
  );

  r.post(
    '/api/driver/jobs/:jobId/position',
    { config: { policy }, schema: { params: jobParams, body: positionBody, response: { 200: positionResponse } } },
    async (request) => recordPosition(deps, request.actor!.userId, request.params.jobId, request.body),
  );

  r.post(
    '/api/driver/jobs/:jobId/verify-code',
    { config: { policy }, schema: { params: jobParams, body: verifyCodeBody, response: { 200: verifyCodeResponse } } },
    async (request) => verifyCode(deps.db, request.actor!.userId, request.params.jobId, request.body.code),
  );

  r.post(
    '/api/driver/jobs/:jobId/complete',
    {
      config: { policy },
      schema: { params: jobParams, body: completeDeliveryBody, response: { 200: completeDeliveryResponse } },
    },
    async (request) => completeDelivery(deps, request.actor!.userId, request.params.jobId, request.body),
  );
}

import { dispatchEndpoints } from '../../../domain/contracts/dispatch/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { acceptJob } from './accept-job';
import { completeDelivery } from './complete-delivery';
import { getJob } from './get-job';
import { listJobs } from './list-jobs';
import { recordArrival } from './record-arrival';
import { recordPosition } from './record-position';
import { giveJobBack } from './give-job-back';
import { verifyCode } from './verify-code';

/** Dispatch for approved drivers: the jobs board, accepting, and the delivery steps. */
export function dispatchRoutes(app: FastifyInstance): void {
  const deps = { db: app.deps.database.db, bus: app.deps.bus };

  route(app, dispatchEndpoints.getDriverJobs, async (request) =>
    listJobs({ db: deps.db, geocoder: app.deps.geocoder }, request.actor!.userId, request.query.limit),
  );

  route(app, dispatchEndpoints.getDriverJobsByJobId, async (request) => ({
    job: await getJob(deps.db, request.actor!.userId, request.params.jobId),
  }));

  route(app, dispatchEndpoints.postDriverJobsByJobIdAccept, async (request) => ({
    job: await acceptJob(deps, request.actor!.userId, request.params.jobId),
  }));

  route(app, dispatchEndpoints.postDriverJobsByJobIdArrival, async (request) =>
    recordArrival(deps, request.actor!.userId, request.params.jobId, request.body.at),
  );

  route(app, dispatchEndpoints.postDriverJobsByJobIdPosition, async (request) =>
    recordPosition(deps, request.actor!.userId, request.params.jobId, request.body),
  );

  route(app, dispatchEndpoints.postDriverJobsByJobIdVerifyCode, async (request) =>
    verifyCode(deps.db, request.actor!.userId, request.params.jobId, request.body.code),
  );

  route(app, dispatchEndpoints.postDriverJobsByJobIdComplete, async (request) =>
    completeDelivery(deps, request.actor!.userId, request.params.jobId, request.body),
  );

  route(app, dispatchEndpoints.postDriverJobsByJobIdReturn, async (request) =>
    giveJobBack(deps, request.actor!, request.params.jobId, request.body),
  );
}

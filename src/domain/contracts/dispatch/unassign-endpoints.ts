import { POLICIES } from '../../policies';
import { jobParams } from '../driver/jobs';
import { api } from '../endpoint';
import { returnJobBody, returnJobResponse } from './return-job';

/** A driver gives back a job before pickup (docs/decisions/0135-driver-unassign.md). */
export const unassignEndpoints = {
  postDriverJobsByJobIdReturn: api('POST /api/driver/jobs/:jobId/return', POLICIES.approvedDriver)
    .summary('The driver on a job gives it back before pickup, with a reason: it returns to the board')
    .takes({ params: jobParams, body: returnJobBody })
    .answers({ 200: returnJobResponse }),
};

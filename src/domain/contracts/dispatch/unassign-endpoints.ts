import { POLICIES } from '../../policies';
import { jobParams } from '../driver/jobs';
import { endpoint } from '../endpoint';
import { returnJobBody, returnJobResponse } from './return-job';

/** A driver gives back a job before pickup (docs/decisions/0135-driver-unassign.md). */
export const unassignEndpoints = {
  postDriverJobsByJobIdReturn: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/return',
    policy: POLICIES.approvedDriver,
    summary: 'The driver on a job gives it back before pickup, with a reason: it returns to the board',
    params: jobParams,
    body: returnJobBody,
    responses: { 200: returnJobResponse },
  }),
};

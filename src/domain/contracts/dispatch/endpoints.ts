import { jobDetailResponse, jobParams, listJobsQuery, listJobsResponse } from '../driver/jobs';
import { POLICIES } from '../../policies';
import {
  arrivalBody,
  arrivalResponse,
  completeDeliveryBody,
  completeDeliveryResponse,
  positionBody,
  positionResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from '../driver/delivery';
import { api } from '../endpoint';
import { unassignEndpoints } from './unassign-endpoints';

/** The dispatch endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const dispatchEndpoints = {
  getDriverJobs: api('GET /api/driver/jobs', POLICIES.approvedDriver)
    .takes({ query: listJobsQuery })
    .answers({ 200: listJobsResponse }),
  getDriverJobsByJobId: api('GET /api/driver/jobs/:jobId', POLICIES.approvedDriver)
    .takes({ params: jobParams })
    .answers({ 200: jobDetailResponse }),
  postDriverJobsByJobIdAccept: api('POST /api/driver/jobs/:jobId/accept', POLICIES.approvedDriver)
    .takes({ params: jobParams })
    .answers({ 200: jobDetailResponse }),
  postDriverJobsByJobIdArrival: api('POST /api/driver/jobs/:jobId/arrival', POLICIES.approvedDriver)
    .takes({ params: jobParams, body: arrivalBody })
    .answers({ 200: arrivalResponse }),
  postDriverJobsByJobIdPosition: api('POST /api/driver/jobs/:jobId/position', POLICIES.approvedDriver)
    .takes({ params: jobParams, body: positionBody })
    .answers({ 200: positionResponse }),
  postDriverJobsByJobIdVerifyCode: api('POST /api/driver/jobs/:jobId/verify-code', POLICIES.approvedDriver)
    .takes({ params: jobParams, body: verifyCodeBody })
    .answers({ 200: verifyCodeResponse }),
  postDriverJobsByJobIdComplete: api('POST /api/driver/jobs/:jobId/complete', POLICIES.approvedDriver)
    .takes({ params: jobParams, body: completeDeliveryBody })
    .answers({ 200: completeDeliveryResponse }),
  ...unassignEndpoints,
};

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
import { endpoint } from '../endpoint';
import { unassignEndpoints } from './unassign-endpoints';

/** The dispatch endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const dispatchEndpoints = {
  getDriverJobs: endpoint({
    method: 'GET',
    path: '/api/driver/jobs',
    policy: POLICIES.approvedDriver,
    summary: 'Get driver jobs',
    query: listJobsQuery,
    responses: { 200: listJobsResponse },
  }),
  getDriverJobsByJobId: endpoint({
    method: 'GET',
    path: '/api/driver/jobs/:jobId',
    policy: POLICIES.approvedDriver,
    summary: 'Get driver jobs by job id',
    params: jobParams,
    responses: { 200: jobDetailResponse },
  }),
  postDriverJobsByJobIdAccept: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/accept',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver jobs by job id accept',
    params: jobParams,
    responses: { 200: jobDetailResponse },
  }),
  postDriverJobsByJobIdArrival: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/arrival',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver jobs by job id arrival',
    params: jobParams,
    body: arrivalBody,
    responses: { 200: arrivalResponse },
  }),
  postDriverJobsByJobIdPosition: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/position',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver jobs by job id position',
    params: jobParams,
    body: positionBody,
    responses: { 200: positionResponse },
  }),
  postDriverJobsByJobIdVerifyCode: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/verify-code',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver jobs by job id verify code',
    params: jobParams,
    body: verifyCodeBody,
    responses: { 200: verifyCodeResponse },
  }),
  postDriverJobsByJobIdComplete: endpoint({
    method: 'POST',
    path: '/api/driver/jobs/:jobId/complete',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver jobs by job id complete',
    params: jobParams,
    body: completeDeliveryBody,
    responses: { 200: completeDeliveryResponse },
  }),
  ...unassignEndpoints,
};

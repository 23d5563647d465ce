import { healthResponse } from './get-health';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';

/** The health endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const healthEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/api/health',
    policy: POLICIES.public,
    summary: 'Get health',
    responses: { 200: healthResponse },
  }),
  getDocs: endpoint({
    method: 'GET',
    path: '/api/docs',
    policy: POLICIES.public,
    summary: 'This OpenAPI document (outside production only)',
    responses: { 200: { kind: 'passthrough', contentType: 'application/json', description: 'OpenAPI 3.1' } },
  }),
};

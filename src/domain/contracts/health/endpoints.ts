import { healthResponse } from './get-health';
import { POLICIES } from '../../policies';
import { api, raw } from '../endpoint';

/** The health endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const healthEndpoints = {
  getHealth: api('GET /api/health', POLICIES.public).answers({ 200: healthResponse }),
  getDocs: api('GET /api/docs', POLICIES.public)
    .summary('This OpenAPI document (outside production only)')
    .answers({ 200: raw('passthrough', 'application/json', 'OpenAPI 3.1') }),
};

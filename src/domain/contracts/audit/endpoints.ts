import { auditQuery, auditResponse } from '../admin/audit';
import { adminArea } from '../../policies';
import { endpoint } from '../endpoint';

/** The audit endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const auditEndpoints = {
  getAdminAudit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    policy: adminArea('audit'),
    summary: 'Get admin audit',
    query: auditQuery,
    responses: { 200: auditResponse },
  }),
};

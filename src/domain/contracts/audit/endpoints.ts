import { auditQuery, auditResponse } from '../admin/audit';
import { adminArea } from '../../policies';
import { api } from '../endpoint';

/** The audit endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const auditEndpoints = {
  getAdminAudit: api('GET /api/admin/audit', adminArea('audit'))
    .takes({ query: auditQuery })
    .answers({ 200: auditResponse }),
};

import { listMailResponse } from './list-mail';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';

/** The dev endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const devEndpoints = {
  getDevMail: endpoint({
    method: 'GET',
    path: '/api/dev/mail',
    policy: POLICIES.public,
    summary: 'Get dev mail',
    responses: { 200: listMailResponse },
  }),
};

import { listMailResponse } from './list-mail';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

/** The dev endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const devEndpoints = {
  getDevMail: api('GET /api/dev/mail', POLICIES.public).answers({ 200: listMailResponse }),
};

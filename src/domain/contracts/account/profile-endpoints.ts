import { POLICIES } from '../../policies';
import { NO_CONTENT, api } from '../endpoint';
import { deleteAccountBody, updateProfileBody, updateProfileResponse } from './profile';

/** The customer's own profile and the deletion of the account (docs/product/customer.md#profile). */
export const profileEndpoints = {
  patchAccountProfile: api('PATCH /api/account/profile', POLICIES.customer)
    .takes({ body: updateProfileBody })
    .answers({ 200: updateProfileResponse }),
  deleteAccount: api('DELETE /api/account', POLICIES.customer)
    .summary('Delete the account: orders kept without personal details, sessions ended')
    .takes({ body: deleteAccountBody })
    .answers({ 204: NO_CONTENT }),
};

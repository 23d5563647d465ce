import { adminArea } from '../../policies';
import { api } from '../endpoint';
import {
  adminPayoutsQuery,
  adminPayoutsResponse,
  markPayoutPaidBody,
  markPayoutPaidResponse,
  payoutParams,
} from './payouts';

/** Finance's payout requests (docs/decisions/0159-payout-requests.md). */
export const adminPayoutEndpoints = {
  getAdminPayouts: api('GET /api/admin/payouts', adminArea('payouts'))
    .summary('Drivers payout requests with the bank details to pay them to')
    .takes({ query: adminPayoutsQuery })
    .answers({ 200: adminPayoutsResponse }),
  postAdminPayoutsByPayoutIdPaid: api('POST /api/admin/payouts/:payoutId/paid', adminArea('payouts'))
    .summary('Finance marks a payout request paid after sending the bank transfer')
    .takes({ params: payoutParams, body: markPayoutPaidBody })
    .answers({ 200: markPayoutPaidResponse }),
};

import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { payoutDetailsBody, payoutDetailsResponse } from './payout-details';

/** The driver's payout details (docs/decisions/0159-payout-requests.md). */
export const driverPayoutEndpoints = {
  getDriverPayoutDetails: api('GET /api/driver/payout-details', POLICIES.approvedDriver)
    .summary("The driver's own payout details, the account number masked")
    .answers({ 200: payoutDetailsResponse }),
  putDriverPayoutDetails: api('PUT /api/driver/payout-details', POLICIES.approvedDriver)
    .summary('The driver saves the account their payouts go to, checked with the UK modulus rules')
    .takes({ body: payoutDetailsBody })
    .answers({ 200: payoutDetailsResponse }),
};

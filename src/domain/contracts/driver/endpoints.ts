import { driverCashEndpoints } from './cash-endpoints';
import { driverNotificationEndpoints } from './notifications-endpoints';
import { driverDispatchEndpoints } from './dispatch-endpoints';
import { driverOfferEndpoints } from './offer-endpoints';
import { driverPayoutEndpoints } from './payout-endpoints';
import { driverProfileResponse } from './get-profile';
import { POLICIES } from '../../policies';
import { submitApplicationBody, submitApplicationResponse } from './application';
import { setAvailabilityBody, setAvailabilityResponse } from './availability';
import { updatePostcodeBody, updatePostcodeResponse } from './postcode';
import { cashOutResponse, earningsResponse } from './earnings';
import { api } from '../endpoint';

/** The driver endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const driverEndpoints = {
  getDriverProfile: api('GET /api/driver/profile', POLICIES.driver).answers({ 200: driverProfileResponse }),
  postDriverApplication: api('POST /api/driver/application', POLICIES.driver)
    .takes({ body: submitApplicationBody })
    .answers({ 201: submitApplicationResponse }),
  patchDriverAvailability: api('PATCH /api/driver/availability', POLICIES.approvedDriver)
    .takes({ body: setAvailabilityBody })
    .answers({ 200: setAvailabilityResponse }),
  patchDriverPostcode: api('PATCH /api/driver/postcode', POLICIES.approvedDriver)
    .takes({ body: updatePostcodeBody })
    .answers({ 200: updatePostcodeResponse }),
  getDriverEarnings: api('GET /api/driver/earnings', POLICIES.approvedDriver).answers({ 200: earningsResponse }),
  postDriverEarningsCashOut: api('POST /api/driver/earnings/cash-out', POLICIES.approvedDriver).answers({
    200: cashOutResponse,
  }),
  ...driverNotificationEndpoints,
  ...driverCashEndpoints,
  ...driverDispatchEndpoints,
  ...driverOfferEndpoints,
  ...driverPayoutEndpoints,
};

import { driverNotificationEndpoints } from './notifications-endpoints';
import { driverProfileResponse } from './get-profile';
import { POLICIES } from '../../policies';
import { submitApplicationBody, submitApplicationResponse } from './application';
import { setAvailabilityBody, setAvailabilityResponse } from './availability';
import { updatePostcodeBody, updatePostcodeResponse } from './postcode';
import { cashOutResponse, earningsResponse } from './earnings';
import { endpoint } from '../endpoint';

/** The driver endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const driverEndpoints = {
  getDriverProfile: endpoint({
    method: 'GET',
    path: '/api/driver/profile',
    policy: POLICIES.driver,
    summary: 'Get driver profile',
    responses: { 200: driverProfileResponse },
  }),
  postDriverApplication: endpoint({
    method: 'POST',
    path: '/api/driver/application',
    policy: POLICIES.driver,
    summary: 'Post driver application',
    body: submitApplicationBody,
    responses: { 201: submitApplicationResponse },
  }),
  patchDriverAvailability: endpoint({
    method: 'PATCH',
    path: '/api/driver/availability',
    policy: POLICIES.approvedDriver,
    summary: 'Patch driver availability',
    body: setAvailabilityBody,
    responses: { 200: setAvailabilityResponse },
  }),
  patchDriverPostcode: endpoint({
    method: 'PATCH',
    path: '/api/driver/postcode',
    policy: POLICIES.approvedDriver,
    summary: 'Patch driver postcode',
    body: updatePostcodeBody,
    responses: { 200: updatePostcodeResponse },
  }),
  getDriverEarnings: endpoint({
    method: 'GET',
    path: '/api/driver/earnings',
    policy: POLICIES.approvedDriver,
    summary: 'Get driver earnings',
    responses: { 200: earningsResponse },
  }),
  postDriverEarningsCashOut: endpoint({
    method: 'POST',
    path: '/api/driver/earnings/cash-out',
    policy: POLICIES.approvedDriver,
    summary: 'Post driver earnings cash out',
    responses: { 200: cashOutResponse },
  }),
  ...driverNotificationEndpoints,
};

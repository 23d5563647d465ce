import { unsubscribeEndpoints } from './notifications-endpoints';
import { favouritesEndpoints } from './favourites-endpoints';
import { profileEndpoints } from './profile-endpoints';
import { accountProfileResponse } from './get-profile';
import { POLICIES } from '../../policies';
import { listAccountOrdersQuery, listAccountOrdersResponse } from './list-orders';
import {
  addressParams,
  addressResponse,
  createAddressBody,
  listAddressesResponse,
  updateAddressBody,
} from './addresses';
import { notificationSettingsBody, notificationSettingsResponse } from './notifications';
import { NO_CONTENT, api } from '../endpoint';
import { termsEndpoints } from './terms-endpoints';

/** The account endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const accountEndpoints = {
  getAccountProfile: api('GET /api/account/profile', POLICIES.customer).answers({ 200: accountProfileResponse }),
  getAccountOrders: api('GET /api/account/orders', POLICIES.customer)
    .takes({ query: listAccountOrdersQuery })
    .answers({ 200: listAccountOrdersResponse }),
  getAccountAddresses: api('GET /api/account/addresses', POLICIES.customer).answers({ 200: listAddressesResponse }),
  postAccountAddresses: api('POST /api/account/addresses', POLICIES.customer)
    .takes({ body: createAddressBody })
    .answers({ 201: addressResponse }),
  patchAccountAddressesOne: api('PATCH /api/account/addresses/:id', POLICIES.customer)
    .takes({ params: addressParams, body: updateAddressBody })
    .answers({ 200: addressResponse }),
  deleteAccountAddressesOne: api('DELETE /api/account/addresses/:id', POLICIES.customer)
    .takes({ params: addressParams })
    .answers({ 204: NO_CONTENT }),
  getAccountNotifications: api('GET /api/account/notifications', POLICIES.customer).answers({
    200: notificationSettingsResponse,
  }),
  putAccountNotifications: api('PUT /api/account/notifications', POLICIES.customer)
    .takes({ body: notificationSettingsBody })
    .answers({ 200: notificationSettingsResponse }),
  ...unsubscribeEndpoints,
  ...profileEndpoints,
  ...favouritesEndpoints,
  ...termsEndpoints,
};

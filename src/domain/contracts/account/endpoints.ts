import { unsubscribeEndpoints } from './notifications-endpoints';
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
import { NO_CONTENT, endpoint } from '../endpoint';

/** The account endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const accountEndpoints = {
  getAccountProfile: endpoint({
    method: 'GET',
    path: '/api/account/profile',
    policy: POLICIES.customer,
    summary: 'Get account profile',
    responses: { 200: accountProfileResponse },
  }),
  getAccountOrders: endpoint({
    method: 'GET',
    path: '/api/account/orders',
    policy: POLICIES.customer,
    summary: 'Get account orders',
    query: listAccountOrdersQuery,
    responses: { 200: listAccountOrdersResponse },
  }),
  getAccountAddresses: endpoint({
    method: 'GET',
    path: '/api/account/addresses',
    policy: POLICIES.customer,
    summary: 'Get account addresses',
    responses: { 200: listAddressesResponse },
  }),
  postAccountAddresses: endpoint({
    method: 'POST',
    path: '/api/account/addresses',
    policy: POLICIES.customer,
    summary: 'Post account addresses',
    body: createAddressBody,
    responses: { 201: addressResponse },
  }),
  patchAccountAddressesOne: endpoint({
    method: 'PATCH',
    path: '/api/account/addresses/:id',
    policy: POLICIES.customer,
    summary: 'Patch account addresses one',
    params: addressParams,
    body: updateAddressBody,
    responses: { 200: addressResponse },
  }),
  deleteAccountAddressesOne: endpoint({
    method: 'DELETE',
    path: '/api/account/addresses/:id',
    policy: POLICIES.customer,
    summary: 'Delete account addresses one',
    params: addressParams,
    responses: { 204: NO_CONTENT },
  }),
  getAccountNotifications: endpoint({
    method: 'GET',
    path: '/api/account/notifications',
    policy: POLICIES.customer,
    summary: 'Get account notifications',
    responses: { 200: notificationSettingsResponse },
  }),
  putAccountNotifications: endpoint({
    method: 'PUT',
    path: '/api/account/notifications',
    policy: POLICIES.customer,
    summary: 'Put account notifications',
    body: notificationSettingsBody,
    responses: { 200: notificationSettingsResponse },
  }),
  ...unsubscribeEndpoints,
};

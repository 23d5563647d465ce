import { adminSettingsResponse, saveSettingsBody, updateSettingBody, updateSettingParams } from './settings';
import { adminArea } from '../../policies';
import { endpoint } from '../endpoint';
import { platformEndpoints } from './platform-endpoints';

/** The settings endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const settingsEndpoints = {
  getAdminSettings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    policy: adminArea('settings'),
    summary: 'Get admin settings',
    responses: { 200: adminSettingsResponse },
  }),
  putAdminSettingsByKey: endpoint({
    method: 'PUT',
    path: '/api/admin/settings/:key',
    policy: adminArea('settings'),
    summary: 'Put admin settings by key',
    params: updateSettingParams,
    body: updateSettingBody,
    responses: { 200: adminSettingsResponse },
  }),
  putAdminSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    policy: adminArea('settings'),
    summary: 'Put admin settings',
    body: saveSettingsBody,
    responses: { 200: adminSettingsResponse },
  }),
  ...platformEndpoints,
};

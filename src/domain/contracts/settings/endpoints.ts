import { adminSettingsResponse, saveSettingsBody, updateSettingBody, updateSettingParams } from './settings';
import { adminArea } from '../../policies';
import { api } from '../endpoint';
import { dispatchModeEndpoints } from './dispatch-mode-endpoints';
import { platformEndpoints } from './platform-endpoints';

/** The settings endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const settingsEndpoints = {
  getAdminSettings: api('GET /api/admin/settings', adminArea('settings')).answers({ 200: adminSettingsResponse }),
  putAdminSettingsByKey: api('PUT /api/admin/settings/:key', adminArea('settings'))
    .takes({ params: updateSettingParams, body: updateSettingBody })
    .answers({ 200: adminSettingsResponse }),
  putAdminSettings: api('PUT /api/admin/settings', adminArea('settings'))
    .takes({ body: saveSettingsBody })
    .answers({ 200: adminSettingsResponse }),
  ...platformEndpoints,
  ...dispatchModeEndpoints,
};

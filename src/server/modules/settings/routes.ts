import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSettingsResponse,
  saveSettingsBody,
  updateSettingBody,
  updateSettingParams,
} from '../../../domain/contracts/settings/settings';
import { adminArea } from '../../../domain/policies';
import { getSettingsWithMeta } from './get-settings';
import { saveSettings } from './save-settings';

/** Admin Settings (area settings): read all, save one on change, or Save All. */
export function settingsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, bus } = { db: app.deps.database.db, bus: app.deps.bus };
  const policy = adminArea('settings');

  r.get('/api/admin/settings', { config: { policy }, schema: { response: { 200: adminSettingsResponse } } }, async () =>
    getSettingsWithMeta(db),
  );

  r.put(
    '/api/admin/settings/:key',
    {
      config: { policy },
      schema: { params: updateSettingParams, body: updateSettingBody, response: { 200: adminSettingsResponse } },
    },
    async (request) => {
      await saveSettings({ db, bus }, request.actor!, { [request.params.key]: request.body.value });
      return getSettingsWithMeta(db);
    },
  );

  r.put(
    '/api/admin/settings',
    { config: { policy }, schema: { body: saveSettingsBody, response: { 200: adminSettingsResponse } } },
    async (request) => {
      await saveSettings({ db, bus }, request.actor!, request.body.settings);
      return getSettingsWithMeta(db);
    },
  );
}

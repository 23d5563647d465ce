import { settingsEndpoints } from '../../../domain/contracts/settings/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { getSettingsWithMeta } from './get-settings';
import { saveSettings } from './save-settings';

/** Admin Settings (area settings): read all, save one on change, or Save All. */
export function settingsRoutes(app: FastifyInstance): void {
  const { db, bus } = { db: app.deps.database.db, bus: app.deps.bus };

  route(app, settingsEndpoints.getAdminSettings, async () => getSettingsWithMeta(db));

  route(app, settingsEndpoints.putAdminSettingsByKey, async (request) => {
    await saveSettings({ db, bus }, request.actor!, { [request.params.key]: request.body.value });
    return getSettingsWithMeta(db);
  });

  route(app, settingsEndpoints.putAdminSettings, async (request) => {
    await saveSettings({ db, bus }, request.actor!, request.body.settings);
    return getSettingsWithMeta(db);
  });
}

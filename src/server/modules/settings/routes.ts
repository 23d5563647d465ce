import { settingsEndpoints } from '../../../domain/contracts/settings/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { getSettings, getSettingsWithMeta } from './get-settings';
import { saveSettings } from './save-settings';

/** Admin Settings (area settings): read all, save one on change, or Save All; and the public platform info. */
export function settingsRoutes(app: FastifyInstance): void {
  const { db, bus } = { db: app.deps.database.db, bus: app.deps.bus };

  route(app, settingsEndpoints.getAdminSettings, async () => getSettingsWithMeta(db));

  // Public: the company name and support phone in every footer (docs/decisions/0151-settings-that-act.md).
  route(app, settingsEndpoints.getPlatform, async (_request, reply) => {
    const settings = await getSettings(db);
    void reply.header('cache-control', 'public, max-age=60');
    return {
      companyName: settings.company_name,
      supportPhone: settings.support_phone,
      serviceFeePercent: settings.service_fee_percent,
    };
  });

  route(app, settingsEndpoints.putAdminSettingsByKey, async (request) => {
    await saveSettings({ db, bus }, request.actor!, { [request.params.key]: request.body.value }, () => 'value');
    return getSettingsWithMeta(db);
  });

  route(app, settingsEndpoints.putAdminSettings, async (request) => {
    await saveSettings({ db, bus }, request.actor!, request.body.settings);
    return getSettingsWithMeta(db);
  });
}

import { SETTING_DEFAULTS } from '../../../domain/settings';
import type { Db } from '../client';
import { tenantSettings } from '../schema/index';

/** The defaults for every tenant setting (docs/product/admin.md#settings), as src/domain/settings.ts states them. */
export const DEFAULT_SETTINGS: Record<string, unknown> = SETTING_DEFAULTS;

/** Inserts any missing setting with its default; existing values are kept. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insert(tenantSettings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([k, v]) => ({ settingKey: k, settingValue: JSON.stringify(v) })))
    .onConflictDoNothing({ target: [tenantSettings.tenantId, tenantSettings.settingKey] });
}

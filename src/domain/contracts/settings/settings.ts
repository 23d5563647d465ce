import { z } from 'zod';
import { SETTING_KEYS } from '../../settings';

/** The product texts for the admin Settings screen (docs/product/admin.md#settings). */
export const SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load admin settings',
  updated: 'Setting updated successfully',
  updateFailed: 'Failed to update setting',
  savedAll: 'All settings saved successfully',
  saveAllFailed: 'Failed to save settings',
} as const;

const settingKey = z.enum(SETTING_KEYS as [string, ...string[]]);
/** A value as JSON; each key's own rule (domain/settings.ts) is checked by the server. */
const settingValue = z.union([z.string(), z.number(), z.boolean()]);

export const settingMeta = z.object({
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});

/** GET /api/admin/settings: every setting (defaults filled in) and who changed each last. */
export const adminSettingsResponse = z.object({
  settings: z.record(z.string(), settingValue),
  meta: z.record(z.string(), settingMeta),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponse>;

/** PUT /api/admin/settings/:key { value }: one setting, on change. */
export const updateSettingParams = z.strictObject({ key: settingKey });
export const updateSettingBody = z.strictObject({ value: settingValue });

/** PUT /api/admin/settings { settings }: Save All; every value is checked before any is written. */
export const saveSettingsBody = z.strictObject({
  settings: z.record(z.string(), settingValue).refine((s) => Object.keys(s).length > 0, 'Send at least one setting'),
});

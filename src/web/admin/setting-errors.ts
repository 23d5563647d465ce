import { SETTING_KEYS, type SettingKey } from '../../domain/settings';
import { type SplitErrors, splitServerErrors } from '../ui/form-errors';

/** Save All names each refused value `settings.<key>`; it lands on that key's editor. */
const SAVE_ALL_PATHS: Readonly<Record<string, SettingKey>> = Object.fromEntries(
  SETTING_KEYS.map((key) => [`settings.${key}`, key]),
);

/**
 * Splits a refused save on the Settings screen between its editors
 * (docs/decisions/0219-one-form-kit.md): Save All's `settings.<key>` lands on that key's editor,
 * and one key's own save (`value`) on the editor that was saved. What names no editor is the
 * toast's. By paths only, never by a message's words.
 */
export function settingErrors(error: unknown, saved?: SettingKey): SplitErrors<SettingKey> {
  return splitServerErrors<SettingKey>(error, [], saved ? { ...SAVE_ALL_PATHS, value: saved } : SAVE_ALL_PATHS);
}

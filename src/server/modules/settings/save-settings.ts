import { gt, sql } from 'drizzle-orm';
import { radiusCap } from '../../../domain/branch-settings';
import { AppError, type FieldError } from '../../../domain/errors';
import { type SettingKey, type Settings, isSettingKey, validateSetting } from '../../../domain/settings';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { TENANT_ID, sites, tenantSettings } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { getSettings } from './get-settings';

/**
 * Writes one or more settings (one on change, or all with Save All). Every value is checked
 * against its key's rule first, so a bad value saves nothing; each refused value is named by its
 * body path (`pathOf`: `settings.<key>` for Save All, `value` for one key), so the Settings screen
 * shows it beside its editor (docs/decisions/0218-field-errors-in-the-error-body.md). Changed keys are upserted with
 * updated_by and audited in the same transaction. Jobs read pay settings when they are created,
 * so a pay change applies to jobs created afterwards.
 */
export async function saveSettings(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  values: Record<string, unknown>,
  pathOf: (key: string) => string = (key) => `settings.${key}`,
): Promise<Settings> {
  const checked: [SettingKey, unknown][] = [];
  const refused: FieldError[] = [];
  for (const [key, value] of Object.entries(values)) {
    const check = isSettingKey(key)
      ? validateSetting(key, value)
      : { ok: false as const, message: `Unknown setting ${key}` };
    if (check.ok) checked.push([key as SettingKey, check.value]);
    else refused.push({ in: 'body', path: pathOf(key), message: check.message });
  }
  if (refused.length)
    throw new AppError('VALIDATION_ERROR', refused.map((f) => f.message).join('; '), { fields: refused });
  const { settings, changed } = await deps.db.transaction(async (tx) => {
    // Serialise concurrent saves so each audit row's "from" is the value it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(7460301)`);
    const before = await getSettings(tx);
    const changed: SettingKey[] = [];
    for (const [key, value] of checked) {
      if (before[key] === value) continue;
      changed.push(key);
      const now = new Date();
      await tx
        .insert(tenantSettings)
        .values({
          tenantId: TENANT_ID,
          settingKey: key,
          settingValue: JSON.stringify(value),
          updatedBy: actor.userId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [tenantSettings.tenantId, tenantSettings.settingKey],
          set: { settingValue: JSON.stringify(value), updatedBy: actor.userId, updatedAt: now },
        });
      // A lower max delivery radius bounds the branches that delivered further, in the same transaction
      // (docs/decisions/0151-settings-that-act.md).
      const bounded =
        key === 'max_delivery_radius'
          ? await tx
              .update(sites)
              .set({ deliveryRadiusKm: radiusCap(value as number), updatedAt: now })
              .where(gt(sites.deliveryRadiusKm, radiusCap(value as number)))
              .returning({ id: sites.id })
          : [];
      await recordAudit(tx, {
        actionType: 'setting_updated',
        entityType: 'setting',
        entityId: key,
        actor,
        details: { key, from: before[key], to: value, ...(bounded.length ? { locationsBounded: bounded.length } : {}) },
      });
    }
    return { settings: await getSettings(tx), changed };
  });
  if (changed.length) await deps.bus.publish(topicName.admin, 'settings.updated', { keys: changed });
  return settings;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { TENANT_ID, tenantSettings } from '../db/schema/index';

/** Reads tenant settings by key, JSON-decoded; a missing or unreadable value is left out. */
export async function readSettings(db: DbOrTx, keys: readonly string[]): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ key: tenantSettings.settingKey, value: tenantSettings.settingValue })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, TENANT_ID), inArray(tenantSettings.settingKey, [...keys])));
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      out[r.key] = JSON.parse(r.value);
    } catch {
      // A hand-edited value that is not JSON counts as unset.
    }
  }
  return out;
}

/** Maintenance mode: on only when the setting is exactly true. */
export async function inMaintenance(db: DbOrTx): Promise<boolean> {
  const s = await readSettings(db, ['maintenance_mode']);
  return s.maintenance_mode === true;
}

/** The same reading of the stored `maintenance_mode` text (JSON), for a caller that read it itself. */
export function isMaintenanceValue(stored: string | null): boolean {
  if (stored === null) return false;
  try {
    return JSON.parse(stored) === true;
  } catch {
    return false;
  }
}

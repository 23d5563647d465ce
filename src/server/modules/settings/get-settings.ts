import { eq } from 'drizzle-orm';
import { type Settings, companyDetailsFrom, settingsFrom } from '../../../domain/settings';
import { COMPANY_SETTING_KEYS, type CompanyDetails } from '../../../domain/company-details';
import { readSettings } from '../../platform/tenant-settings';
import type { DbOrTx } from '../../db/client';
import { TENANT_ID, tenantSettings, userProfiles } from '../../db/schema/index';

/** The stored values, JSON-decoded; a value that is not JSON counts as unset. */
async function storedRows(db: DbOrTx) {
  return db
    .select({
      key: tenantSettings.settingKey,
      value: tenantSettings.settingValue,
      updatedAt: tenantSettings.updatedAt,
      updatedByName: userProfiles.displayName,
    })
    .from(tenantSettings)
    .leftJoin(userProfiles, eq(userProfiles.userId, tenantSettings.updatedBy))
    .where(eq(tenantSettings.tenantId, TENANT_ID));
}

function decode(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * Every platform setting, typed (domain/settings.ts). A missing or invalid stored value reads as
 * its default. Others may call this: jobs read pay settings when they are created.
 */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const rows = await storedRows(db);
  const stored: Record<string, unknown> = {};
  for (const r of rows) {
    const v = decode(r.value);
    if (v !== undefined) stored[r.key] = v;
  }
  return settingsFrom(stored);
}

/** Settings with who changed each one last, for the admin screen. */
export async function getSettingsWithMeta(db: DbOrTx) {
  const rows = await storedRows(db);
  const stored: Record<string, unknown> = {};
  const meta: Record<string, { updatedAt: string | null; updatedByName: string | null }> = {};
  for (const r of rows) {
    const v = decode(r.value);
    if (v !== undefined) stored[r.key] = v;
    meta[r.key] = { updatedAt: r.updatedAt.toISOString(), updatedByName: r.updatedByName };
  }
  return { settings: settingsFrom(stored), meta };
}

/**
 * The company name and support phone in force now, for a message about to be written or sent
 * (docs/decisions/0171-company-details-in-messages.md): two keys, read at the moment they act.
 */
export async function getCompanyDetails(db: DbOrTx): Promise<CompanyDetails> {
  return companyDetailsFrom(await readSettings(db, COMPANY_SETTING_KEYS));
}

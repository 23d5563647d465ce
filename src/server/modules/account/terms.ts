import { and, eq, sql } from 'drizzle-orm';
import type { TermsResponse } from '../../../domain/contracts/account/terms-endpoints';
import { AppError } from '../../../domain/errors';
import { type Actor, TERMS_NOT_ACCEPTED_MESSAGE } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { TENANT_ID, tenantSettings, userProfiles } from '../../db/schema/index';
import { settingsFrom } from '../../../domain/settings';
import { getSettings } from '../settings';

/** Drivers and partners accept the platform terms; customers and staff are not asked (docs/decisions/0154-terms-acceptance.md). */
const ASKED = new Set(['driver', 'partner']);

async function accepted(db: DbOrTx, userId: string) {
  const [p] = await db
    .select({ version: userProfiles.termsVersion, at: userProfiles.termsAcceptedAt })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return p ?? { version: null, at: null };
}

/** The current terms version and where the caller stands with it. */
export async function getTerms(db: DbOrTx, actor: Actor): Promise<TermsResponse> {
  const version = (await getSettings(db)).terms_version;
  const mine = await accepted(db, actor.userId);
  return {
    version,
    acceptedVersion: mine.version,
    acceptedAt: mine.at?.toISOString() ?? null,
    mustAccept: ASKED.has(actor.userType) && mine.version !== version,
  };
}

/**
 * Whether a driver or partner has yet to accept the current terms version, in one read (the
 * person's accepted version and the setting): the policy hook asks it before each of their writes
 * (docs/decisions/0154-terms-acceptance.md). Anyone else is never asked.
 */
export async function mustAcceptTerms(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (!ASKED.has(actor.userType)) return false;
  const [row] = await db
    .select({
      accepted: userProfiles.termsVersion,
      current: sql<string | null>`(select ${tenantSettings.settingValue} from ${tenantSettings}
        where ${and(eq(tenantSettings.tenantId, TENANT_ID), eq(tenantSettings.settingKey, 'terms_version'))})`,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, actor.userId));
  let stored: unknown;
  try {
    stored = row?.current == null ? undefined : JSON.parse(row.current);
  } catch {
    // Unreadable: the default version applies, as getSettings reads it.
  }
  const current = settingsFrom(stored === undefined ? {} : { terms_version: stored }).terms_version;
  return row?.accepted !== current;
}

/**
 * Refuses a write that takes new work by what it sends (going online, opening a branch) until the
 * current terms are accepted (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
 */
export async function requireCurrentTerms(db: DbOrTx, actor: Actor): Promise<void> {
  if (await mustAcceptTerms(db, actor)) throw new AppError('TERMS_NOT_ACCEPTED', TERMS_NOT_ACCEPTED_MESSAGE);
}

/** Records that the caller accepts the version they were shown; a version that is no longer current is a 409. */
export async function acceptTerms(db: DbOrTx, actor: Actor, version: string): Promise<TermsResponse> {
  const current = (await getSettings(db)).terms_version;
  if (version !== current) {
    throw new AppError('CONFLICT', 'The terms have changed since you opened them. Please read the new version.');
  }
  await db
    .update(userProfiles)
    .set({ termsVersion: current, termsAcceptedAt: new Date(), updatedAt: new Date() })
    .where(eq(userProfiles.userId, actor.userId));
  return getTerms(db, actor);
}

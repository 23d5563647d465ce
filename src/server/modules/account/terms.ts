import { eq } from 'drizzle-orm';
import type { TermsResponse } from '../../../domain/contracts/account/terms-endpoints';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
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

import { type SQL, sql } from 'drizzle-orm';
import type { HalalStatus } from '../../../domain/halal';
import { sites } from '../../db/schema/index';

/*
 * The SQL twin of domain/halal-status.ts deriveHalalStatus, written once here and used by every
 * read that shows or filters by a halal status (search, cards, restaurant page, Halal details,
 * partner console, back office). `today` is the London date computed in JS (londonDate), so the
 * database's time zone never matters. halal-status-sql.test.ts proves both agree on the table of
 * cases in domain/halal-status-cases.ts, on PGlite and PostgreSQL. Each reads the outer `sites`
 * row alone: its certificates' summary (halal_approved_until, halal_certified,
 * halal_last_verified_at) is kept by a trigger on halal_certificates
 * (docs/decisions/0188-halal-certificate-facts.md).
 */

// Written out with explicit names: Drizzle leaves column names unqualified in a one-table select.
const SUSPENDED_AT = sql.raw('"sites"."halal_suspended_at"');
const APPROVED_UNTIL = sql.raw('"sites"."halal_approved_until"');
const CERTIFIED = sql.raw('"sites"."halal_certified"');
const LAST_VERIFIED_AT = sql.raw('"sites"."halal_last_verified_at"');

/** An approved certificate current today: "Verified Halal" (the filter chip and the badge). */
function currentCertificate(today: string): SQL {
  return sql`coalesce(${APPROVED_UNTIL} >= ${today}::date, false)`;
}

/** True where the location is verified on `today`: no suspension and a current approved certificate. */
export function isVerifiedSql(today: string): SQL<boolean> {
  return sql<boolean>`(${SUSPENDED_AT} is null and ${currentCertificate(today)})`;
}

/** The derived halal status of the `sites` row in scope, on `today` (a London date). */
export function halalStatusSql(today: string): SQL<HalalStatus> {
  return sql<HalalStatus>`(case
    when ${SUSPENDED_AT} is not null then 'suspended'
    when ${currentCertificate(today)} then 'verified'
    when ${CERTIFIED} then 'temp-unverified'
    else 'self-declared' end)`;
}

/** When HalalNosh last approved a certificate of the location (null if never), derived like the status. */
export function lastVerifiedAtSql(): SQL<Date | null> {
  return sql`${LAST_VERIFIED_AT}`.mapWith(sites.updatedAt) as SQL<Date | null>;
}

/** The two derived columns every halal-showing select spreads in. */
export function halalColumns(today: string) {
  return { halalStatus: halalStatusSql(today), lastVerifiedAt: lastVerifiedAtSql() };
}

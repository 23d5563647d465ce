import { type SQL, sql } from 'drizzle-orm';
import type { HalalStatus } from '../../../domain/halal';
import { sites } from '../../db/schema/index';

/*
 * The SQL twin of domain/halal-status.ts deriveHalalStatus, written once here and used by every
 * read that shows or filters by a halal status (search, cards, restaurant page, Halal details,
 * partner console, back office). `today` is the London date computed in JS (londonDate), so the
 * database's time zone never matters. halal-status-sql.test.ts proves both agree on the table of
 * cases in domain/halal-status-cases.ts, on PGlite and PostgreSQL. Each is correlated with the
 * outer `sites` row and runs on halal_certificates_site_idx (site_id, status).
 */

// Written out with explicit names: Drizzle leaves column names unqualified in a one-table select,
// and an unqualified "id" inside the subquery would mean the certificate's.
const SITE_ID = sql.raw('"sites"."id"');
const SUSPENDED_AT = sql.raw('"sites"."halal_suspended_at"');
const certificateOf = (condition: string) =>
  sql`select 1 from "halal_certificates" hc where hc."site_id" = ${SITE_ID} and ${sql.raw(condition)}`;

/** An approved certificate current today: "Verified Halal" (the filter chip and the badge). */
function currentCertificate(today: string): SQL {
  return sql`${certificateOf(`hc."status" = 'approved'`)} and hc."expires_on" >= ${today}::date`;
}

/** True where the location is verified on `today`: no suspension and a current approved certificate. */
export function isVerifiedSql(today: string): SQL<boolean> {
  return sql<boolean>`(${SUSPENDED_AT} is null and exists (${currentCertificate(today)}))`;
}

/** The derived halal status of the `sites` row in scope, on `today` (a London date). */
export function halalStatusSql(today: string): SQL<HalalStatus> {
  return sql<HalalStatus>`(case
    when ${SUSPENDED_AT} is not null then 'suspended'
    when exists (${currentCertificate(today)}) then 'verified'
    when exists (${certificateOf(`hc."status" in ('pending', 'approved', 'expired')`)}) then 'temp-unverified'
    else 'self-declared' end)`;
}

/** When HalalNosh last approved a certificate of the location (null if never), derived like the status. */
export function lastVerifiedAtSql(): SQL<Date | null> {
  return sql`(select max(hc."reviewed_at") from "halal_certificates" hc where hc."site_id" = ${SITE_ID} and hc."status" in ('approved', 'expired'))`.mapWith(
    sites.updatedAt,
  ) as SQL<Date | null>;
}

/** The two derived columns every halal-showing select spreads in. */
export function halalColumns(today: string) {
  return { halalStatus: halalStatusSql(today), lastVerifiedAt: lastVerifiedAtSql() };
}

import { and, count, desc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { ListDriversResponse } from '../../../domain/contracts/admin/drivers';
import type { Db } from '../../db/client';
import { deliveryJobs, userProfiles } from '../../db/schema/index';
import { driverColumns, toAdminDriver } from './driver-rows';

/** The most drivers one page lists; a search narrows it. */
const LIMIT = 500;

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Driver Console Admin: drivers newest first, matched on the server by first or last name,
 * e-mail, phone, licence number or vehicle type, case-insensitively (docs/product/admin.md#drivers), plus
 * the badges (drivers online, available jobs, matches found).
 */
export async function listDrivers(db: Db, q: string | undefined): Promise<ListDriversResponse> {
  const term = q?.trim();
  const p = term ? likePattern(term) : null;
  const isDriver = eq(userProfiles.userType, 'driver');
  const where = p
    ? and(
        isDriver,
        or(
          ilike(userProfiles.firstName, p),
          ilike(userProfiles.lastName, p),
          ilike(userProfiles.displayName, p),
          ilike(userProfiles.email, p),
          ilike(userProfiles.phone, p),
          ilike(userProfiles.drivingLicenceNumber, p),
          ilike(userProfiles.vehicleType, p),
        ),
      )
    : isDriver;
  const [rows, [online], [jobs], [matches]] = await Promise.all([
    db.select(driverColumns).from(userProfiles).where(where).orderBy(desc(userProfiles.createdAt)).limit(LIMIT),
    db
      .select({ n: count() })
      .from(userProfiles)
      .where(and(isDriver, eq(userProfiles.isOnline, true), eq(userProfiles.status, 'approved'))),
    db
      .select({ n: count() })
      .from(deliveryJobs)
      .where(and(eq(deliveryJobs.status, 'available'), gt(deliveryJobs.expiresAt, sql`now()`))),
    db.select({ n: count() }).from(userProfiles).where(where),
  ]);
  return {
    drivers: rows.map(toAdminDriver),
    driversOnline: online.n,
    availableJobs: jobs.n,
    matches: matches.n,
  };
}

import { eq, sql } from 'drizzle-orm';
import type { AdminDriver } from '../../../domain/contracts/admin/drivers';
import { type DriverDocumentKind, missingDocuments } from '../../../domain/driver-approval';
import type { DriverStatus } from '../../../domain/roles';
import type { DbOrTx } from '../../db/client';
import { driverDocuments, driverJobReturns, userProfiles } from '../../db/schema/index';

/** The columns the Drivers screen shows, with the kinds of document each driver has uploaded. */
export const driverColumns = {
  id: userProfiles.userId,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  displayName: userProfiles.displayName,
  email: userProfiles.email,
  phone: userProfiles.phone,
  status: userProfiles.status,
  vehicleType: userProfiles.vehicleType,
  drivingLicenceNumber: userProfiles.drivingLicenceNumber,
  isOnline: userProfiles.isOnline,
  currentPostcode: userProfiles.currentPostcode,
  createdAt: userProfiles.createdAt,
  documentKinds: sql<
    DriverDocumentKind[]
  >`coalesce((select array_agg(${driverDocuments.kind}::text) from ${driverDocuments} where ${driverDocuments.driverId} = ${userProfiles.userId}), '{}')`,
  jobsReturned:
    sql<number>`(select count(*) from ${driverJobReturns} where ${driverJobReturns.driverId} = ${userProfiles.userId})`.mapWith(
      Number,
    ),
};

type DriverRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string;
  phone: string | null;
  status: DriverStatus | 'active' | null;
  vehicleType: AdminDriver['vehicleType'];
  drivingLicenceNumber: string | null;
  isOnline: boolean;
  currentPostcode: string | null;
  createdAt: Date;
  documentKinds: DriverDocumentKind[] | string | null;
  jobsReturned: number;
};

/** PGlite returns text[] as an array; some drivers return its literal ("{a,b}"). */
function kindsOf(value: DriverRow['documentKinds']): DriverDocumentKind[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',') as DriverDocumentKind[];
}

export function toAdminDriver(row: DriverRow): AdminDriver {
  const kinds = kindsOf(row.documentKinds);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    status: row.status === 'active' ? null : row.status,
    vehicleType: row.vehicleType,
    drivingLicenceNumber: row.drivingLicenceNumber,
    isOnline: row.isOnline,
    currentPostcode: row.currentPostcode,
    documentCount: kinds.length,
    missingDocuments: row.status === null ? [] : missingDocuments(row.vehicleType, kinds),
    jobsReturned: row.jobsReturned,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One driver account by user id, or undefined. */
export async function findDriver(db: DbOrTx, driverId: string): Promise<AdminDriver | undefined> {
  const [row] = await db
    .select(driverColumns)
    .from(userProfiles)
    .where(sql`${userProfiles.userId} = ${driverId} and ${eq(userProfiles.userType, 'driver')}`)
    .limit(1);
  return row ? toAdminDriver(row) : undefined;
}

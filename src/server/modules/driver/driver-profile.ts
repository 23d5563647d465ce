import { eq } from 'drizzle-orm';
import type { DriverProfile } from '../../../domain/contracts/driver/get-profile';
import { AppError } from '../../../domain/errors';
import type { DriverStatus } from '../../../domain/roles';
import type { DbOrTx } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

type ProfileRow = typeof userProfiles.$inferSelect;

/** The profile row as the driver app sees it. */
export function toDriverProfile(p: ProfileRow): DriverProfile {
  return {
    status: (p.status === 'active' ? null : p.status) as DriverStatus | null,
    firstName: p.firstName,
    lastName: p.lastName,
    displayName: p.displayName,
    phone: p.phone,
    vehicleType: p.vehicleType,
    isOnline: p.isOnline,
    currentPostcode: p.currentPostcode,
    currentArea: p.currentArea,
    jobRadiusMiles: p.jobRadiusMiles,
  };
}

/** The caller's own driver profile; "Driver profile not found" when there is none. */
export async function loadDriverProfile(db: DbOrTx, userId: string): Promise<ProfileRow> {
  const [p] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  if (!p || p.userType !== 'driver') throw new AppError('NOT_FOUND', 'Driver profile not found');
  return p;
}

import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

/**
 * Every new account gets its profile: a customer waits for e-mail confirmation, a driver has not
 * applied yet, a partner has no brand yet.
 */
export async function createProfileForNewUser(
  db: Db,
  user: { id: string; email: string; name: string; userType: string },
): Promise<void> {
  const userType = user.userType === 'driver' || user.userType === 'partner' ? user.userType : 'customer';
  const displayName = user.name.trim() || null;
  const [firstName, ...rest] = (displayName ?? '').split(/\s+/);
  await db
    .insert(userProfiles)
    .values({
      userId: user.id,
      userType,
      email: user.email.toLowerCase(),
      displayName,
      firstName: firstName || null,
      lastName: rest.join(' ') || null,
      status: userType === 'customer' ? 'pending' : null,
      vehicleType: userType === 'driver' ? 'car' : null,
    })
    .onConflictDoNothing();
}

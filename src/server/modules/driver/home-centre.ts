import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { Geocoder } from '../geo';

type Profile = typeof userProfiles.$inferSelect;

/**
 * Fills in the centre of the driver's postcode when it is missing (profiles from before dispatch by
 * distance, demo accounts), so the board and the fan-out have a centre (docs/decisions/0158-dispatch-by-distance.md).
 */
export async function ensureHomeCentre(db: DbOrTx, geocoder: Geocoder, profile: Profile): Promise<Profile> {
  if (profile.homeLat !== null || !profile.currentPostcode) return profile;
  const found = await geocoder.geocode(profile.currentPostcode).catch(() => null);
  if (!found) return profile;
  await db
    .update(userProfiles)
    .set({ homeLat: found.lat, homeLng: found.lng })
    .where(eq(userProfiles.userId, profile.userId));
  return { ...profile, homeLat: found.lat, homeLng: found.lng };
}

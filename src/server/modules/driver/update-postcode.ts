import { eq } from 'drizzle-orm';
import { POSTCODE_MESSAGES } from '../../../domain/contracts/driver/postcode';
import { AppError } from '../../../domain/errors';
import { normalisePostcode } from '../../../domain/geo';
import { postcodeArea } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { Geocoder } from '../geo';

/**
 * Sets where the driver works (docs/product/driver.md#availability): a UK postcode ("e1 6an" -> "E1 6AN") or an
 * outward code ("e1" -> "E1"), stored upper-case, with its centre, the centre of the driver's job
 * radius when they share no position (docs/decisions/0158-dispatch-by-distance.md); its leading
 * letters are still kept as the area.
 */
export async function updatePostcode(
  deps: { db: Db; geocoder: Geocoder },
  userId: string,
  text: string,
): Promise<{ currentPostcode: string; currentArea: string }> {
  const n = normalisePostcode(text);
  const area = n ? postcodeArea(n.outward) : null;
  if (!n || !area) throw new AppError('VALIDATION_ERROR', POSTCODE_MESSAGES.invalid, { field: 'postcode' });
  const currentPostcode = n.postcode ?? n.outward;
  // A code the geocoder does not know leaves no centre: the board then asks for another postcode.
  const centre = await deps.geocoder.geocode(currentPostcode).catch(() => null);
  const [row] = await deps.db
    .update(userProfiles)
    .set({
      currentPostcode,
      currentArea: area,
      homeLat: centre?.lat ?? null,
      homeLng: centre?.lng ?? null,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId))
    .returning({ currentPostcode: userProfiles.currentPostcode, currentArea: userProfiles.currentArea });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  return { currentPostcode: row.currentPostcode!, currentArea: row.currentArea! };
}

import { eq } from 'drizzle-orm';
import { POSTCODE_MESSAGES } from '../../../domain/contracts/driver/postcode';
import { AppError } from '../../../domain/errors';
import { normalisePostcode } from '../../../domain/geo';
import { postcodeArea } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';

/**
 * Sets where the driver works (docs/product/driver.md#availability): a UK postcode ("e1 6an" -> "E1 6AN") or an
 * outward code ("e1" -> "E1"), stored upper-case; its leading letters are the jobs area.
 */
export async function updatePostcode(
  db: Db,
  userId: string,
  text: string,
): Promise<{ currentPostcode: string; currentArea: string }> {
  const n = normalisePostcode(text);
  const area = n ? postcodeArea(n.outward) : null;
  if (!n || !area) throw new AppError('VALIDATION_ERROR', POSTCODE_MESSAGES.invalid);
  const currentPostcode = n.postcode ?? n.outward;
  const [row] = await db
    .update(userProfiles)
    .set({ currentPostcode, currentArea: area, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning({ currentPostcode: userProfiles.currentPostcode, currentArea: userProfiles.currentArea });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  return { currentPostcode: row.currentPostcode!, currentArea: row.currentArea! };
}

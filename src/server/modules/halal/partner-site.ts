import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { isSiteStaff } from '../access';

/**
 * A location's halal page is for its staff: the brand's owner and admins and its own site
 * manager. Anyone else (another brand's partner) is told it does not exist.
 */
export async function requireSiteStaff(db: DbOrTx, userId: string, siteId: string): Promise<void> {
  if (!(await isSiteStaff(db, userId, siteId))) throw new AppError('NOT_FOUND', 'Location not found');
}

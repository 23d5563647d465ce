import { asc, desc, eq } from 'drizzle-orm';
import type { AdminPayoutsResponse } from '../../../../domain/contracts/admin/payouts';
import type { Db } from '../../../db/client';
import { driverPayouts, userProfiles } from '../../../db/schema/index';
import { payoutColumns, payoutDriverJoin, toAdminPayout } from './payout-rows';

const LIMIT = 200;

/**
 * Finance's payout list (docs/product/admin.md#payouts): requests waiting to be paid, oldest first
 * (the order to pay them in), or those already paid, latest first.
 */
export async function listPayouts(db: Db, status: 'requested' | 'paid'): Promise<AdminPayoutsResponse> {
  const rows = await db
    .select(payoutColumns)
    .from(driverPayouts)
    .innerJoin(userProfiles, payoutDriverJoin)
    .where(eq(driverPayouts.status, status))
    .orderBy(status === 'requested' ? asc(driverPayouts.createdAt) : desc(driverPayouts.paidAt))
    .limit(LIMIT);
  return { payouts: rows.map(toAdminPayout) };
}

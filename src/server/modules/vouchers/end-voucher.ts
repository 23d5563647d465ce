import { and, eq, isNull } from 'drizzle-orm';
import type { AdminVoucherView } from '../../../domain/contracts/vouchers/vouchers';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { vouchers } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit';
import { findVoucherView } from './list-vouchers';

/**
 * Ends a voucher now: checkout refuses its code from then on ("This code has expired"); orders
 * already placed keep their discount. Ending an ended voucher changes nothing and records nothing.
 */
export async function endVoucher(
  db: Db,
  actor: AuditActor & { userId: string },
  voucherId: string,
): Promise<AdminVoucherView> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [ended] = await tx
      .update(vouchers)
      .set({ endedAt: now, endedBy: actor.userId, updatedAt: now })
      .where(and(eq(vouchers.id, voucherId), isNull(vouchers.endedAt)))
      .returning({ id: vouchers.id, code: vouchers.code });
    if (ended)
      await recordAudit(tx, {
        actionType: 'voucher_ended',
        entityType: 'voucher',
        entityId: voucherId,
        actor,
        details: { code: ended.code },
      });
  });
  const view = await findVoucherView(db, voucherId);
  if (!view) throw new AppError('NOT_FOUND', 'Voucher not found');
  return view;
}

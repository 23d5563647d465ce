import { desc, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { findVoucherView } from './list-vouchers';

/** A voucher with the orders it was used on, newest first (docs/product/admin.md#vouchers). */
export async function voucherUsage(db: DbOrTx, voucherId: string) {
  const voucher = await findVoucherView(db, voucherId);
  if (!voucher) throw new AppError('NOT_FOUND', 'Voucher not found');
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      discountMinor: orders.voucherDiscountMinor,
    })
    .from(orders)
    .where(eq(orders.voucherId, voucherId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return {
    voucher,
    orders: rows.map((r) => ({
      orderNumber: r.orderNumber,
      placedAt: r.createdAt.toISOString(),
      status: r.status,
      discountMinor: r.discountMinor,
      released: r.status === 'CANCELLED' || r.status === 'REJECTED',
    })),
  };
}

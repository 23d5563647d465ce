import { type SQL, desc, eq, sql } from 'drizzle-orm';
import type { AdminVoucherView } from '../../../domain/contracts/vouchers/vouchers';
import { voucherState } from '../../../domain/vouchers';
import type { DbOrTx } from '../../db/client';
import { brands, vouchers } from '../../db/schema/index';

/**
 * Vouchers as the back office lists them, newest first, each with what it has paid out: the
 * discounts of its orders that hold a use (not cancelled or rejected) and of those delivered or
 * collected (docs/product/admin.md#vouchers).
 */
export async function listVouchers(db: DbOrTx, where: SQL = sql`true`, now = new Date()): Promise<AdminVoucherView[]> {
  const rows = await db
    .select({
      v: vouchers,
      brandName: brands.name,
      spent: sql<number>`coalesce((select sum(o.voucher_discount_minor) from orders o
        where o.voucher_id = ${vouchers.id} and o.status not in ('CANCELLED', 'REJECTED')), 0)`.mapWith(Number),
      orders: sql<number>`(select count(*) from orders o
        where o.voucher_id = ${vouchers.id} and o.status not in ('CANCELLED', 'REJECTED'))`.mapWith(Number),
      paid: sql<number>`coalesce((select sum(o.voucher_discount_minor) from orders o
        where o.voucher_id = ${vouchers.id} and o.status in ('DELIVERED', 'COLLECTED')), 0)`.mapWith(Number),
    })
    .from(vouchers)
    .leftJoin(brands, eq(brands.id, vouchers.brandId))
    .where(where)
    .orderBy(desc(vouchers.createdAt))
    .limit(500);
  return rows.map(({ v, brandName, spent, orders, paid }) => ({
    id: v.id,
    code: v.code,
    name: v.name,
    kind: v.kind,
    amountMinor: v.amountMinor,
    percent: v.percent,
    maxDiscountMinor: v.maxDiscountMinor,
    minSpendMinor: v.minSpendMinor,
    startsAt: v.startsAt?.toISOString() ?? null,
    endsAt: v.endsAt?.toISOString() ?? null,
    endedAt: v.endedAt?.toISOString() ?? null,
    budgetMinor: v.budgetMinor,
    perCustomerLimit: v.perCustomerLimit,
    firstOrderOnly: v.firstOrderOnly,
    citySlug: v.citySlug,
    brandId: v.brandId,
    brandName: brandName ?? null,
    createdAt: v.createdAt.toISOString(),
    state: voucherState(v, spent, now),
    spentMinor: spent,
    orders,
    paidMinor: paid,
  }));
}

/** One voucher's view; null when there is no such voucher. */
export async function findVoucherView(db: DbOrTx, voucherId: string): Promise<AdminVoucherView | null> {
  const [view] = await listVouchers(db, eq(vouchers.id, voucherId));
  return view ?? null;
}

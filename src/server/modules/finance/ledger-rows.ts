import { type SQL, sql } from 'drizzle-orm';
import type { LedgerHandin, LedgerOrder } from '../../../domain/ledger';
import { REPORT_TIME_ZONE } from '../../../domain/reports';
import type { DbOrTx } from '../../db/client';

type Row = {
  day: string;
  order_type: 'DELIVERY' | 'PICKUP';
  completed: boolean;
  subtotal_minor: number;
  delivery_fee_minor: number;
  service_fee_minor: number;
  offer_discount_minor: number;
  offer_delivery_discount_minor: number;
  total_minor: number;
  commission_percent: number;
  driver_pay_minor: number;
  order_number: string;
  driver_id: string | null;
  cash_collected_minor: number | null;
  cash_difference_reason: string | null;
  cash_outcome: 'not_collected' | null;
  voucher_discount_minor: number;
};

/**
 * The orders placed on the London days from..to that moved money: delivered or collected (the
 * customer paid), or any other that cost driver pay or left a cash outcome (a job cancelled after
 * pickup). Driver pay is what the job's earnings paid, tips left out: tips never pass through the
 * platform (docs/decisions/0201-tips-in-cash-at-the-door.md). Each carries its driver and the cash
 * they recorded, for the cash lines (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export async function ledgerOrders(
  db: DbOrTx,
  range: { from: string; to: string },
  where: SQL = sql`true`,
): Promise<LedgerOrder[]> {
  const tz = REPORT_TIME_ZONE;
  const result = await db.execute<Row>(sql`
    select day, order_type, completed, subtotal_minor, delivery_fee_minor, service_fee_minor,
      offer_discount_minor, offer_delivery_discount_minor, total_minor,
      commission_percent, driver_pay_minor, order_number, driver_id, cash_collected_minor, cash_difference_reason,
      cash_outcome, voucher_discount_minor
    from (
      select (o.created_at at time zone ${tz})::date::text as day, o.order_type, o.order_number, o.driver_id,
        o.cash_collected_minor, o.cash_difference_reason, o.cash_outcome, o.voucher_discount_minor,
        o.status in ('DELIVERED', 'COLLECTED') as completed,
        o.subtotal_minor, o.delivery_fee_minor, o.service_fee_minor, o.offer_discount_minor,
        o.offer_delivery_discount_minor, o.total_minor, o.commission_percent,
        coalesce((select sum(e.total_minor - e.tip_minor) from driver_earnings e
          join delivery_jobs j on j.id = e.delivery_job_id where j.order_id = o.id), 0)::int as driver_pay_minor
      from orders o
      where o.created_at >= (${range.from}::date::timestamp at time zone ${tz})
        and o.created_at < ((${range.to}::date + 1)::timestamp at time zone ${tz})
        and ${where}
    ) x
    where completed or driver_pay_minor <> 0 or cash_outcome is not null or cash_collected_minor is not null
  `);
  return result.rows.map((r) => ({
    day: r.day,
    orderType: r.order_type,
    completed: r.completed,
    subtotalMinor: Number(r.subtotal_minor),
    deliveryFeeMinor: Number(r.delivery_fee_minor),
    serviceFeeMinor: Number(r.service_fee_minor),
    offerDiscountMinor: Number(r.offer_discount_minor),
    offerDeliveryDiscountMinor: Number(r.offer_delivery_discount_minor),
    totalMinor: Number(r.total_minor),
    commissionPercent: Number(r.commission_percent),
    driverPayMinor: Number(r.driver_pay_minor),
    orderNumber: r.order_number,
    driverId: r.driver_id,
    cashCollectedMinor: r.cash_collected_minor === null ? null : Number(r.cash_collected_minor),
    cashReason: r.cash_difference_reason,
    cashOutcome: r.cash_outcome,
    voucherDiscountMinor: Number(r.voucher_discount_minor),
  }));
}

/**
 * The cash hand-ins recorded on the London days from..to, cash-outs' netting marked
 * (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export async function ledgerHandins(db: DbOrTx, range: { from: string; to: string }): Promise<LedgerHandin[]> {
  const tz = REPORT_TIME_ZONE;
  const result = await db.execute<{ day: string; driver_id: string; amount_minor: number; netted: boolean }>(sql`
    select (h.created_at at time zone ${tz})::date::text as day, h.driver_id, h.amount_minor,
      h.payout_id is not null as netted
    from driver_cash_handins h
    where h.created_at >= (${range.from}::date::timestamp at time zone ${tz})
      and h.created_at < ((${range.to}::date + 1)::timestamp at time zone ${tz})
  `);
  return result.rows.map((r) => ({
    day: r.day,
    driverId: r.driver_id,
    amountMinor: Number(r.amount_minor),
    netted: r.netted,
  }));
}

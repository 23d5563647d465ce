import { inArray, sql } from 'drizzle-orm';
import type { ReconciliationResponse } from '../../../domain/contracts/money';
import {
  EMPTY_RECONCILIATION_LINE,
  type ReconciliationLine,
  addToReconciliation,
  byDay,
  driverCashDays,
  orderIncomeMinor,
  paidAboveIncome,
  reconciles,
} from '../../../domain/ledger';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import { ledgerHandins, ledgerOrders } from './ledger-rows';
import { periodOf } from './period';

function withCheck<L extends ReconciliationLine>(line: L): L & { reconciles: boolean } {
  const r = reconciles(line);
  return { ...line, reconciles: r.customerTotals && r.deliveryCosts && r.cash };
}

/**
 * The platform's reconciliation per London day (docs/product/admin.md#finance): the money lines and
 * their identities, the cash per driver and day, and the jobs the platform funded
 * (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export async function getReconciliation(
  db: Db,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<ReconciliationResponse> {
  const period = periodOf(query, now);
  const orders = await ledgerOrders(db, period);
  const handins = await ledgerHandins(db, period);
  const { days, totals } = byDay(orders, period.days, EMPTY_RECONCILIATION_LINE, addToReconciliation);
  const cashDays = driverCashDays(orders, handins);
  const ids = [...new Set(cashDays.map((d) => d.driverId))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({
              id: userProfiles.userId,
              name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(trim(concat(${userProfiles.firstName}, ' ', ${userProfiles.lastName})), ''), ${userProfiles.email})`,
            })
            .from(userProfiles)
            .where(inArray(userProfiles.userId, ids))
        ).map((r) => [r.id, r.name])
      : [],
  );
  return {
    from: period.from,
    to: period.to,
    days: days.map(withCheck),
    totals: withCheck(totals),
    drivers: cashDays.map((d) => ({ ...d, driverName: names.get(d.driverId) ?? 'Former driver' })),
    jobsPaidAboveIncome: orders.filter(paidAboveIncome).map((o) => ({
      day: o.day,
      orderNumber: o.orderNumber ?? '',
      driverPayMinor: o.driverPayMinor,
      incomeMinor: orderIncomeMinor(o),
    })),
  };
}

import type { ReconciliationResponse } from '../../../domain/contracts/money';
import {
  EMPTY_RECONCILIATION_LINE,
  type ReconciliationLine,
  addToReconciliation,
  byDay,
  reconciles,
} from '../../../domain/ledger';
import type { Db } from '../../db/client';
import { ledgerOrders } from './ledger-rows';
import { periodOf } from './period';

function withCheck<L extends ReconciliationLine>(line: L): L & { reconciles: boolean } {
  const r = reconciles(line);
  return { ...line, reconciles: r.customerTotals && r.deliveryCosts };
}

/** The platform's reconciliation per London day (docs/product/admin.md#finance). */
export async function getReconciliation(
  db: Db,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<ReconciliationResponse> {
  const period = periodOf(query, now);
  const orders = await ledgerOrders(db, period);
  const { days, totals } = byDay(orders, period.days, EMPTY_RECONCILIATION_LINE, addToReconciliation);
  return { from: period.from, to: period.to, days: days.map(withCheck), totals: withCheck(totals) };
}

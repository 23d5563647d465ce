import { sql } from 'drizzle-orm';
import type { StatementResponse } from '../../../domain/contracts/money';
import { EMPTY_STATEMENT_LINE, addToStatement, byDay } from '../../../domain/ledger';
import type { Db } from '../../db/client';
import { requireSite } from '../partner';
import { ledgerOrders } from './ledger-rows';
import { periodOf } from './period';

/**
 * A location's statement for a range of London days (docs/product/partner.md#statements): only
 * staff of the location reach it (another's is "Location not found"); commission at each order's
 * own rate, stored when it was placed.
 */
export async function getStatement(
  db: Db,
  userId: string,
  siteId: string,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<StatementResponse> {
  const site = await requireSite(db, userId, siteId);
  const period = periodOf(query, now);
  const orders = (await ledgerOrders(db, period, sql`o.site_id = ${site.id}`)).filter((o) => o.completed);
  const { days, totals } = byDay(orders, period.days, EMPTY_STATEMENT_LINE, addToStatement);
  return {
    siteId: site.id,
    siteName: site.name,
    from: period.from,
    to: period.to,
    days,
    totals,
    commissionRates: [...new Set(orders.map((o) => o.commissionPercent))].sort((a, b) => a - b),
  };
}

import type { StatementLine } from './ledger';
import { csvCell } from './reports';

type Statement = { siteName: string; days: (StatementLine & { day: string })[]; totals: StatementLine };

const pounds = (minor: number) => (minor / 100).toFixed(2);

/**
 * A location's statement as CSV (docs/product/partner.md#statements): a line per London day and
 * the total, amounts in pounds with two decimals; a negative net owed means the restaurant owes.
 */
export function statementToCsv(s: Statement): string {
  const header = [
    'location',
    'day',
    'orders',
    'food_sales_gbp',
    'offer_cost_gbp',
    'commission_gbp',
    'delivery_fees_gbp',
    'cash_taken_by_restaurant_gbp',
    'net_owed_gbp',
  ];
  // Amounts are written as they are: a negative one must stay a number, not be defused as a formula.
  const line = (day: string, l: StatementLine) =>
    [
      csvCell(s.siteName),
      csvCell(day),
      l.orders,
      pounds(l.foodSalesMinor),
      pounds(l.offerCostMinor),
      pounds(l.commissionMinor),
      pounds(l.deliveryFeesMinor),
      pounds(l.collectedByRestaurantMinor),
      pounds(l.netOwedMinor),
    ].join(',');
  return [header.join(','), ...s.days.map((d) => line(d.day, d)), line('total', s.totals)].join('\r\n') + '\r\n';
}

import { z } from 'zod';

/** A range of London days, YYYY-MM-DD (default: the last 7), as the reports take it. */
export const periodQuery = z.strictObject({
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
});

/** One period of a restaurant's statement (domain/ledger.ts StatementLine), in pence. */
export const statementLine = z.object({
  orders: z.int(),
  foodSalesMinor: z.int(),
  /** What the restaurant's offers cost it (food discounts and free delivery it paid for). */
  offerCostMinor: z.int(),
  commissionMinor: z.int(),
  deliveryFeesMinor: z.int(),
  collectedByRestaurantMinor: z.int(),
  netOwedMinor: z.int(),
});

/** GET /api/partner/sites/:siteId/statement: a location's statement, a line per London day and the total. */
export const statementResponse = z.object({
  siteId: z.uuid(),
  siteName: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(statementLine.extend({ day: z.string() })),
  totals: statementLine,
  /** The commission rates the period's orders were placed at (their own, not today's setting). */
  commissionRates: z.array(z.int()),
});
export type StatementResponse = z.infer<typeof statementResponse>;

/** One period of the platform's reconciliation (domain/ledger.ts ReconciliationLine), in pence. */
export const reconciliationLine = z.object({
  orders: z.int(),
  customerTotalsMinor: z.int(),
  foodSalesMinor: z.int(),
  deliveryFeesMinor: z.int(),
  serviceFeesMinor: z.int(),
  /** Voucher discounts on paid orders, funded by the platform: customer totals = food + fees − these. */
  platformDiscountsMinor: z.int(),
  /** Restaurant offers taken off customers' totals, funded by the restaurants. */
  offerCostMinor: z.int(),
  commissionMinor: z.int(),
  driverPayMinor: z.int(),
  platformMarginMinor: z.int(),
  subsidyMinor: z.int(),
  /** Totals of delivered delivery orders: the cash drivers owe. */
  cashOwedMinor: z.int(),
  /** The cash drivers recorded on them. */
  cashCollectedMinor: z.int(),
  /** The part of collected − owed the drivers gave a reason for. */
  cashExplainedMinor: z.int(),
  /** Jobs whose driver pay exceeded what their order brought in. */
  jobsPaidAboveIncome: z.int(),
  /** Whether all three identities hold for this line: customer totals, delivery costs, cash. */
  reconciles: z.boolean(),
});

/** One driver's cash on one London day (domain/ledger.ts DriverCashDay), with the driver's name. */
export const driverCashDay = z.object({
  day: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  deliveries: z.int(),
  owedMinor: z.int(),
  collectedMinor: z.int(),
  handedInMinor: z.int(),
  nettedMinor: z.int(),
  differenceMinor: z.int(),
  differences: z.array(
    z.object({
      orderNumber: z.string(),
      owedMinor: z.int(),
      collectedMinor: z.int(),
      differenceMinor: z.int(),
      reason: z.string().nullable(),
    }),
  ),
  notCollected: z.array(z.string()),
  reconciles: z.boolean(),
});
export type DriverCashDayView = z.infer<typeof driverCashDay>;

/** GET /api/admin/finance/reconciliation: the platform's totals per London day and for the range. */
export const reconciliationResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(reconciliationLine.extend({ day: z.string() })),
  totals: reconciliationLine,
  /** Per driver and day: owed, collected, handed in, the difference and its reasons. */
  drivers: z.array(driverCashDay),
  /** The jobs the platform funded: driver pay above the order's fees and commission. */
  jobsPaidAboveIncome: z.array(
    z.object({ day: z.string(), orderNumber: z.string(), driverPayMinor: z.int(), incomeMinor: z.int() }),
  ),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponse>;

/** A driver's cash position: collected at doors, handed in, and what they still hold. */
export const cashPosition = z.object({
  collectedMinor: z.int(),
  handedInMinor: z.int(),
  balanceMinor: z.int(),
});

export const cashHandin = z.object({
  id: z.uuid(),
  amountMinor: z.int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/driver/cash: the driver's own cash balance and their latest hand-ins. */
export const driverCashResponse = cashPosition.extend({ handins: z.array(cashHandin) });
export type DriverCashResponse = z.infer<typeof driverCashResponse>;

/** GET /api/admin/finance/driver-cash: every driver who ever held cash, the largest balance first. */
export const driverCashListResponse = z.object({
  drivers: z.array(cashPosition.extend({ driverId: z.string(), name: z.string(), email: z.string() })),
});
export type DriverCashListResponse = z.infer<typeof driverCashListResponse>;

export const driverCashParams = z.strictObject({ driverId: z.string().min(1).max(100) });

/** POST /api/admin/drivers/:driverId/cash-handins: ops record cash a driver handed in. */
export const cashHandinBody = z.strictObject({
  amountMinor: z
    .int('Enter the amount in pence')
    .min(1, 'Enter an amount above £0.00')
    .max(1_000_000, 'The amount is too large'),
  note: z.string().trim().max(300, 'Keep the note to 300 characters').optional(),
  /** The browser's key: a double click or a retry records the hand-in once. */
  requestId: z.uuid(),
});
export const cashHandinResponse = cashPosition.extend({ handin: cashHandin });

/**
 * The money model of an order (docs/decisions/0155-service-fee-and-commission-snapshot.md,
 * docs/decisions/0157-statements-and-reconciliation.md): what the customer pays, what the
 * restaurant is owed, what the platform keeps and what it adds to pay drivers. Integer pence
 * throughout; a percentage of an amount rounds to the nearest penny, halves up.
 */

/** `percent`% of `minor` pence, to the nearest penny (halves up), on integers only. */
export function percentOf(minor: number, percent: number): number {
  return Math.floor((Math.max(0, minor) * Math.max(0, percent) + 50) / 100);
}

/** The service fee on an order's food: nothing when the setting is 0 (docs/product/orders.md#prices). */
export function serviceFeeFor(subtotalMinor: number, serviceFeePercent: number): number {
  return percentOf(subtotalMinor, serviceFeePercent);
}

/** What the customer pays in cash: food, delivery fee and service fee (a tip is kept apart). */
export function orderTotalFor(o: { subtotalMinor: number; deliveryFeeMinor: number; serviceFeeMinor: number }): number {
  return o.subtotalMinor + o.deliveryFeeMinor + o.serviceFeeMinor;
}

/** What a basket will cost before the server prices it: the same rule the server applies. */
export function basketTotals(subtotalMinor: number, deliveryFeeMinor: number, serviceFeePercent: number) {
  const serviceFeeMinor = serviceFeeFor(subtotalMinor, serviceFeePercent);
  return {
    subtotalMinor,
    deliveryFeeMinor,
    serviceFeeMinor,
    totalMinor: orderTotalFor({ subtotalMinor, deliveryFeeMinor, serviceFeeMinor }),
  };
}

/** One order as the statements and the reconciliation read it. */
export type LedgerOrder = {
  day: string;
  orderType: 'DELIVERY' | 'PICKUP';
  /** Delivered or collected: the customer paid. A cancelled order paid nothing. */
  completed: boolean;
  subtotalMinor: number;
  deliveryFeeMinor: number;
  serviceFeeMinor: number;
  totalMinor: number;
  commissionPercent: number;
  /** What the driver was paid for the job, tips left out (tips pass straight through); 0 without a driver. */
  driverPayMinor: number;
};

/** One period of a restaurant's statement (docs/product/partner.md#statements). */
export type StatementLine = {
  orders: number;
  foodSalesMinor: number;
  commissionMinor: number;
  deliveryFeesMinor: number;
  /** Cash the restaurant took itself, at collection (pickup orders). */
  collectedByRestaurantMinor: number;
  /** Food sales minus commission minus the cash already in the restaurant's till; negative: the restaurant owes. */
  netOwedMinor: number;
};

export const EMPTY_STATEMENT_LINE: StatementLine = {
  orders: 0,
  foodSalesMinor: 0,
  commissionMinor: 0,
  deliveryFeesMinor: 0,
  collectedByRestaurantMinor: 0,
  netOwedMinor: 0,
};

/** Adds one order to a statement line; only orders the customer paid for count. */
export function addToStatement(line: StatementLine, o: LedgerOrder): StatementLine {
  if (!o.completed) return line;
  const commission = percentOf(o.subtotalMinor, o.commissionPercent);
  const tillMinor = o.orderType === 'PICKUP' ? o.totalMinor : 0;
  return {
    orders: line.orders + 1,
    foodSalesMinor: line.foodSalesMinor + o.subtotalMinor,
    commissionMinor: line.commissionMinor + commission,
    deliveryFeesMinor: line.deliveryFeesMinor + o.deliveryFeeMinor,
    collectedByRestaurantMinor: line.collectedByRestaurantMinor + tillMinor,
    netOwedMinor: line.netOwedMinor + o.subtotalMinor - commission - tillMinor,
  };
}

/** One period of the platform's reconciliation (docs/product/admin.md#finance). */
export type ReconciliationLine = {
  orders: number;
  customerTotalsMinor: number;
  foodSalesMinor: number;
  deliveryFeesMinor: number;
  serviceFeesMinor: number;
  commissionMinor: number;
  driverPayMinor: number;
  /** Delivery and service fees the platform kept after paying the driver. */
  platformMarginMinor: number;
  /** What the platform paid drivers above the fees of the job. */
  subsidyMinor: number;
};

export const EMPTY_RECONCILIATION_LINE: ReconciliationLine = {
  orders: 0,
  customerTotalsMinor: 0,
  foodSalesMinor: 0,
  deliveryFeesMinor: 0,
  serviceFeesMinor: 0,
  commissionMinor: 0,
  driverPayMinor: 0,
  platformMarginMinor: 0,
  subsidyMinor: 0,
};

/**
 * Adds one order: a paid order brings its totals; any order brings the driver pay it cost (a job
 * cancelled after pickup pays the driver with no fee paid by anyone, which is all subsidy).
 */
export function addToReconciliation(line: ReconciliationLine, o: LedgerOrder): ReconciliationLine {
  const fees = o.completed ? o.deliveryFeeMinor + o.serviceFeeMinor : 0;
  const margin = Math.max(0, fees - o.driverPayMinor);
  const subsidy = Math.max(0, o.driverPayMinor - fees);
  const paid = o.completed;
  return {
    orders: line.orders + (paid ? 1 : 0),
    customerTotalsMinor: line.customerTotalsMinor + (paid ? o.totalMinor : 0),
    foodSalesMinor: line.foodSalesMinor + (paid ? o.subtotalMinor : 0),
    deliveryFeesMinor: line.deliveryFeesMinor + (paid ? o.deliveryFeeMinor : 0),
    serviceFeesMinor: line.serviceFeesMinor + (paid ? o.serviceFeeMinor : 0),
    commissionMinor: line.commissionMinor + (paid ? percentOf(o.subtotalMinor, o.commissionPercent) : 0),
    driverPayMinor: line.driverPayMinor + o.driverPayMinor,
    platformMarginMinor: line.platformMarginMinor + margin,
    subsidyMinor: line.subsidyMinor + subsidy,
  };
}

/** The two identities finance checks; both hold for every period when the data is sound. */
export function reconciles(l: ReconciliationLine): { customerTotals: boolean; deliveryCosts: boolean } {
  return {
    customerTotals: l.customerTotalsMinor === l.foodSalesMinor + l.deliveryFeesMinor + l.serviceFeesMinor,
    deliveryCosts:
      l.driverPayMinor + l.platformMarginMinor === l.deliveryFeesMinor + l.serviceFeesMinor + l.subsidyMinor,
  };
}

/** Groups orders into one line per day (every day of `days`, empty ones too) and a total. */
export function byDay<L>(
  orders: readonly LedgerOrder[],
  days: readonly string[],
  empty: L,
  add: (line: L, o: LedgerOrder) => L,
): { days: (L & { day: string })[]; totals: L } {
  const lines = new Map(days.map((d) => [d, empty]));
  let totals = empty;
  for (const o of orders) {
    const line = lines.get(o.day);
    if (line === undefined) continue;
    lines.set(o.day, add(line, o));
    totals = add(totals, o);
  }
  return { days: days.map((day) => ({ ...(lines.get(day) as L), day })), totals };
}

/** A driver's cash in hand: what they took at doors minus what they handed in. */
export function cashBalance(collectedMinor: readonly number[], handedInMinor: readonly number[]): number {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  return sum(collectedMinor) - sum(handedInMinor);
}

/** Whether the cash a driver says they took needs a reason: any amount other than the order total. */
export function cashNeedsReason(totalMinor: number, collectedMinor: number): boolean {
  return collectedMinor !== totalMinor;
}

export const CASH_MESSAGES = {
  reasonNeeded: 'Please say why the cash collected differs from the order total',
} as const;

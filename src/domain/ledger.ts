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

/**
 * What the customer pays in cash: food, delivery fee and service fee, less a platform voucher
 * (docs/decisions/0253-platform-vouchers.md; a tip is kept apart).
 */
export function orderTotalFor(o: {
  subtotalMinor: number;
  deliveryFeeMinor: number;
  serviceFeeMinor: number;
  voucherDiscountMinor?: number;
}): number {
  return o.subtotalMinor + o.deliveryFeeMinor + o.serviceFeeMinor - (o.voucherDiscountMinor ?? 0);
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
  /**
   * What the restaurant's offer took off the food and off the delivery fee; the restaurant funds both
   * (docs/decisions/0250-restaurant-offers-pricing.md). subtotalMinor and deliveryFeeMinor are before it.
   */
  offerDiscountMinor?: number;
  offerDeliveryDiscountMinor?: number;
  totalMinor: number;
  commissionPercent: number;
  /** What the driver was paid for the job, tips left out (tips pass straight through); 0 without a driver. */
  driverPayMinor: number;
  /** The order's number, for the lines finance follows up (the job paid above income, a cash difference). */
  orderNumber?: string;
  /** The driver who had the job; null for pickup orders and jobs no driver took. */
  driverId?: string | null;
  /** The cash the driver recorded at the door (delivery orders); null when none was recorded. */
  cashCollectedMinor?: number | null;
  /** The driver's reason for an amount other than the total. */
  cashReason?: string | null;
  /** Set when the order was cancelled after pickup: the driver took no cash. */
  cashOutcome?: 'not_collected' | null;
  /**
   * A platform voucher's discount, off the total the customer paid and funded by the platform: the
   * restaurant's food sales and commission are on the food before it (docs/decisions/0253-platform-vouchers.md).
   */
  voucherDiscountMinor?: number;
};

/** One period of a restaurant's statement (docs/product/partner.md#statements). */
export type StatementLine = {
  orders: number;
  foodSalesMinor: number;
  /** What the restaurant's own offers cost it: food discounts and delivery fees it paid for the customer. */
  offerCostMinor: number;
  /** On the food sales before the offer (docs/decisions/0250-restaurant-offers-pricing.md). */
  commissionMinor: number;
  deliveryFeesMinor: number;
  /** Cash the restaurant took itself, at collection (pickup orders). */
  collectedByRestaurantMinor: number;
  /**
   * Food sales minus the offers' cost minus commission minus the cash already in the restaurant's
   * till; negative: the restaurant owes.
   */
  netOwedMinor: number;
};

/** What an order's restaurant offer cost the restaurant: its food and delivery discounts. */
export function offerCostOf(o: LedgerOrder): number {
  return (o.offerDiscountMinor ?? 0) + (o.offerDeliveryDiscountMinor ?? 0);
}

export const EMPTY_STATEMENT_LINE: StatementLine = {
  orders: 0,
  foodSalesMinor: 0,
  offerCostMinor: 0,
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
  const offerCost = offerCostOf(o);
  return {
    orders: line.orders + 1,
    foodSalesMinor: line.foodSalesMinor + o.subtotalMinor,
    offerCostMinor: line.offerCostMinor + offerCost,
    commissionMinor: line.commissionMinor + commission,
    deliveryFeesMinor: line.deliveryFeesMinor + o.deliveryFeeMinor,
    collectedByRestaurantMinor: line.collectedByRestaurantMinor + tillMinor,
    netOwedMinor: line.netOwedMinor + o.subtotalMinor - offerCost - commission - tillMinor,
  };
}

/** One period of the platform's reconciliation (docs/product/admin.md#finance). */
export type ReconciliationLine = {
  orders: number;
  customerTotalsMinor: number;
  foodSalesMinor: number;
  deliveryFeesMinor: number;
  serviceFeesMinor: number;
  /** Vouchers on paid orders: discounts the platform funded, off what customers paid (docs/decisions/0253-platform-vouchers.md). */
  platformDiscountsMinor: number;
  /** Restaurant offers: what they took off customers' totals, funded by the restaurants through their statements. */
  offerCostMinor: number;
  commissionMinor: number;
  driverPayMinor: number;
  /** Delivery and service fees the platform kept after paying the driver. */
  platformMarginMinor: number;
  /** What the platform paid drivers above the fees of the job. */
  subsidyMinor: number;
  /** Totals of delivered orders: the cash drivers owe (docs/product/admin.md#finance). */
  cashOwedMinor: number;
  /** The cash drivers recorded on those orders. */
  cashCollectedMinor: number;
  /** The part of collected − owed that carries the driver's reason; the rest is unexplained. */
  cashExplainedMinor: number;
  /** Jobs whose driver pay exceeds what their order brought in (fees and commission): ops look at them. */
  jobsPaidAboveIncome: number;
};

export const EMPTY_RECONCILIATION_LINE: ReconciliationLine = {
  orders: 0,
  customerTotalsMinor: 0,
  foodSalesMinor: 0,
  deliveryFeesMinor: 0,
  serviceFeesMinor: 0,
  platformDiscountsMinor: 0,
  offerCostMinor: 0,
  commissionMinor: 0,
  driverPayMinor: 0,
  platformMarginMinor: 0,
  subsidyMinor: 0,
  cashOwedMinor: 0,
  cashCollectedMinor: 0,
  cashExplainedMinor: 0,
  jobsPaidAboveIncome: 0,
};

/**
 * What an order brought the platform: its delivery and service fees and the commission on its food,
 * once the customer paid; nothing otherwise (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export function orderIncomeMinor(o: LedgerOrder): number {
  if (!o.completed) return 0;
  return o.deliveryFeeMinor + o.serviceFeeMinor + percentOf(o.subtotalMinor, o.commissionPercent);
}

/** Whether a job paid its driver more than its order brought in: the platform funded it. */
export function paidAboveIncome(o: LedgerOrder): boolean {
  return o.driverPayMinor > orderIncomeMinor(o);
}

/**
 * The cash a driver owes for an order and what they recorded: a delivered delivery order owes its
 * total; an order cancelled after pickup owes nothing (docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md).
 * A difference is explained when the driver gave a reason; a delivered order with no recorded
 * figure counts as nothing collected, unexplained. Null for orders that carry no driver cash.
 */
export function cashOf(
  o: LedgerOrder,
): { owedMinor: number; collectedMinor: number; differenceMinor: number; explained: boolean } | null {
  const delivered = o.completed && o.orderType === 'DELIVERY';
  if (!delivered && o.cashOutcome !== 'not_collected' && o.cashCollectedMinor == null) return null;
  const owedMinor = delivered ? o.totalMinor : 0;
  const collectedMinor = o.cashCollectedMinor ?? 0;
  const differenceMinor = collectedMinor - owedMinor;
  const recorded = o.cashCollectedMinor != null || !delivered;
  const explained = differenceMinor === 0 ? recorded : recorded && Boolean(o.cashReason?.trim());
  return { owedMinor, collectedMinor, differenceMinor, explained };
}

/**
 * Adds one order: a paid order brings its totals; any order brings the driver pay it cost (a job
 * cancelled after pickup pays the driver with no fee paid by anyone, which is all subsidy).
 */
export function addToReconciliation(line: ReconciliationLine, o: LedgerOrder): ReconciliationLine {
  const cash = cashOf(o);
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
    platformDiscountsMinor: line.platformDiscountsMinor + (paid ? (o.voucherDiscountMinor ?? 0) : 0),
    offerCostMinor: line.offerCostMinor + (paid ? offerCostOf(o) : 0),
    commissionMinor: line.commissionMinor + (paid ? percentOf(o.subtotalMinor, o.commissionPercent) : 0),
    driverPayMinor: line.driverPayMinor + o.driverPayMinor,
    platformMarginMinor: line.platformMarginMinor + margin,
    subsidyMinor: line.subsidyMinor + subsidy,
    cashOwedMinor: line.cashOwedMinor + (cash?.owedMinor ?? 0),
    cashCollectedMinor: line.cashCollectedMinor + (cash?.collectedMinor ?? 0),
    cashExplainedMinor: line.cashExplainedMinor + (cash?.explained ? cash.differenceMinor : 0),
    jobsPaidAboveIncome: line.jobsPaidAboveIncome + (paidAboveIncome(o) ? 1 : 0),
  };
}

/**
 * The identities finance checks; all hold for every period when the data is sound. The cash one
 * compares two independent figures, the totals of delivered orders and the cash drivers recorded:
 * it fails when a driver's figure differs from the total without a reason, or none was recorded.
 */
export function reconciles(l: ReconciliationLine): { customerTotals: boolean; deliveryCosts: boolean; cash: boolean } {
  return {
    customerTotals:
      l.customerTotalsMinor ===
      l.foodSalesMinor + l.deliveryFeesMinor + l.serviceFeesMinor - l.offerCostMinor - l.platformDiscountsMinor,
    deliveryCosts:
      l.driverPayMinor + l.platformMarginMinor === l.deliveryFeesMinor + l.serviceFeesMinor + l.subsidyMinor,
    cash: l.cashCollectedMinor - l.cashOwedMinor === l.cashExplainedMinor,
  };
}

/** One hand-in as the reconciliation reads it: the London day it was recorded, and whether a cash-out netted it. */
export type LedgerHandin = { day: string; driverId: string; amountMinor: number; netted: boolean };

/** One driver's cash for one London day (docs/product/admin.md#finance). */
export type DriverCashDay = {
  day: string;
  driverId: string;
  deliveries: number;
  owedMinor: number;
  collectedMinor: number;
  /** Hand-ins recorded that day, cash-outs' netting included. */
  handedInMinor: number;
  nettedMinor: number;
  /** collected − owed: negative is a shortfall. */
  differenceMinor: number;
  /** Every order whose cash differs from what was owed, with the driver's reason (null: none given). */
  differences: {
    orderNumber: string;
    owedMinor: number;
    collectedMinor: number;
    differenceMinor: number;
    reason: string | null;
  }[];
  /** Orders cancelled after pickup: no cash was taken. */
  notCollected: string[];
  /** The difference is all explained by reasons. */
  reconciles: boolean;
};

/**
 * The per-driver, per-day cash of a period: owed, collected, handed in and the difference with its
 * reasons, from the same orders as the reconciliation's lines, sorted by day then driver.
 */
export function driverCashDays(orders: readonly LedgerOrder[], handins: readonly LedgerHandin[]): DriverCashDay[] {
  const lines = new Map<string, DriverCashDay>();
  const lineOf = (day: string, driverId: string) => {
    const key = `${day}|${driverId}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        day,
        driverId,
        deliveries: 0,
        owedMinor: 0,
        collectedMinor: 0,
        handedInMinor: 0,
        nettedMinor: 0,
        differenceMinor: 0,
        differences: [],
        notCollected: [],
        reconciles: true,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const o of orders) {
    const cash = cashOf(o);
    if (!cash || !o.driverId) continue;
    const line = lineOf(o.day, o.driverId);
    if (o.completed) line.deliveries += 1;
    if (o.cashOutcome === 'not_collected') line.notCollected.push(o.orderNumber ?? '');
    line.owedMinor += cash.owedMinor;
    line.collectedMinor += cash.collectedMinor;
    line.differenceMinor += cash.differenceMinor;
    if (cash.differenceMinor !== 0 || !cash.explained) {
      line.differences.push({
        orderNumber: o.orderNumber ?? '',
        owedMinor: cash.owedMinor,
        collectedMinor: cash.collectedMinor,
        differenceMinor: cash.differenceMinor,
        reason: cash.explained ? (o.cashReason ?? null) : null,
      });
    }
    if (!cash.explained) line.reconciles = false;
  }
  for (const h of handins) {
    const line = lineOf(h.day, h.driverId);
    line.handedInMinor += h.amountMinor;
    if (h.netted) line.nettedMinor += h.amountMinor;
  }
  return [...lines.values()].sort((a, b) => a.day.localeCompare(b.day) || a.driverId.localeCompare(b.driverId));
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

/**
 * How a cash-out splits when the driver holds the platform's cash
 * (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md): the fee first, then the
 * cash held comes off what is left, and the rest is sent. Never negative.
 */
export function cashOutSplit(
  grossMinor: number,
  feeMinor: number,
  cashHeldMinor: number,
): { nettedMinor: number; netMinor: number } {
  const afterFee = Math.max(0, grossMinor - feeMinor);
  const nettedMinor = Math.min(Math.max(0, cashHeldMinor), afterFee);
  return { nettedMinor, netMinor: afterFee - nettedMinor };
}

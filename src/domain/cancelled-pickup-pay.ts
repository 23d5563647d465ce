import type { PayResult } from './pay';

/**
 * What a driver is paid when the order is cancelled after they picked it up
 * (docs/product/driver.md#cancelled-after-pickup, docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md).
 * The platform setting `cancelled_after_pickup_pay` chooses one rule; the default pays the pickup
 * part of the job's stored pay and nothing for the trip that never ended.
 */
export const CANCELLED_PICKUP_PAY_RULES = ['none', 'pickup_pay', 'full_pay'] as const;
export type CancelledPickupPayRule = (typeof CANCELLED_PICKUP_PAY_RULES)[number];
export const DEFAULT_CANCELLED_PICKUP_PAY_RULE: CancelledPickupPayRule = 'pickup_pay';

/** The admin Settings choices, in the platform's words. */
export const CANCELLED_PICKUP_PAY_OPTIONS: readonly { value: CancelledPickupPayRule; label: string }[] = [
  { value: 'none', label: 'No pay' },
  { value: 'pickup_pay', label: 'Pickup pay only' },
  { value: 'full_pay', label: 'Full pay for the job' },
];

/** What happened to the customer's cash on an order that was cancelled: nobody took it. */
export const CASH_OUTCOMES = ['not_collected'] as const;
export type CashOutcome = (typeof CASH_OUTCOMES)[number];

export type CancelledPickupPay = {
  pickupPayMinor: number;
  distancePayMinor: number;
  boostMinor: number;
  adjustmentMinor: number;
  totalMinor: number;
};

/**
 * The earning written when a picked-up job is cancelled, from the job's stored pay and the rule.
 * "Pickup pay only" is the pickup part of the breakdown (option B has no other part: its fee share
 * is the pickup part), never more than the cap and without the minimum, which is for a finished job.
 * No tip: a tip is only added to a delivered order.
 */
export function cancelledPickupPay(rule: CancelledPickupPayRule, pay: PayResult): CancelledPickupPay {
  switch (rule) {
    case 'none':
      return { pickupPayMinor: 0, distancePayMinor: 0, boostMinor: 0, adjustmentMinor: 0, totalMinor: 0 };
    case 'pickup_pay': {
      // Never more than the job's capped total: the cap in force when the job was made bounds it.
      const pickup = Math.max(0, Math.min(pay.totalPayMinor, pay.pickupPayMinor));
      return { pickupPayMinor: pickup, distancePayMinor: 0, boostMinor: 0, adjustmentMinor: 0, totalMinor: pickup };
    }
    case 'full_pay':
      return {
        pickupPayMinor: pay.pickupPayMinor,
        distancePayMinor: pay.distancePayMinor,
        boostMinor: pay.boostMinor,
        adjustmentMinor: pay.adjustmentMinor,
        totalMinor: pay.totalPayMinor,
      };
  }
}

/** The driver's earnings line for such a job: what was paid and why (docs/product/driver.md#cancelled-after-pickup). */
export function cancelledPickupPayLine(rule: CancelledPickupPayRule): string {
  switch (rule) {
    case 'none':
      return 'Order cancelled after pickup: no pay for this job';
    case 'pickup_pay':
      return 'Order cancelled after pickup: pickup pay only';
    case 'full_pay':
      return 'Order cancelled after pickup: paid in full';
  }
}

/** Whether a stored value names a rule (an unknown one reads as the default). */
export function isCancelledPickupPayRule(value: unknown): value is CancelledPickupPayRule {
  return typeof value === 'string' && (CANCELLED_PICKUP_PAY_RULES as readonly string[]).includes(value);
}

import { z } from 'zod';

/** Earnings messages (docs/product/driver.md#earnings), word for word. */
export const EARNINGS_MESSAGES = {
  loadFailed: 'Failed to load earnings',
  nothingToCashOut: 'No unpaid earnings to cash out',
  cashOutFailed: 'Failed to process cash-out request',
} as const;

/**
 * What a driver reads once a payout is requested (docs/product/driver.md#earnings): no fee, no promise
 * of minutes, the date the money reaches the bank (docs/decisions/0215-cash-out-without-a-fee.md).
 * `arrivesBy` is the formatted London date, e.g. "Tuesday 1 December 2026".
 */
export function payoutRequestedMessage(arrivesBy: string): string {
  return `Payout requested. Our finance team sends it by bank transfer, so it reaches your bank by ${arrivesBy}; this page shows it as paid once the money is sent.`;
}

export const earningView = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  jobId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  restaurantName: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  pickupPayMinor: z.int(),
  distancePayMinor: z.int(),
  boostMinor: z.int(),
  adjustmentMinor: z.int(),
  tipMinor: z.int(),
  totalMinor: z.int(),
  paidOut: z.boolean(),
  /**
   * Set on the earning of a job whose order was cancelled after pickup: what was paid and why
   * (docs/product/driver.md#cancelled-after-pickup).
   */
  note: z.string().nullable(),
});
export type EarningView = z.infer<typeof earningView>;

export const payoutView = z.object({
  id: z.uuid(),
  grossMinor: z.int(),
  feeMinor: z.int(),
  netMinor: z.int(),
  /** Cash the driver held for the platform, taken off this payout (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md). */
  cashNettedMinor: z.int(),
  createdAt: z.string(),
  /** requested until finance marks it paid (docs/decisions/0159-payout-requests.md). */
  status: z.enum(['requested', 'paid']),
  paidAt: z.string().nullable(),
  /** The London date (YYYY-MM-DD) the transfer reaches the bank by, two working days after the request. */
  arrivesBy: z.string(),
});

/** GET /api/driver/earnings (approved driver): periods on the London clock, weeks from Sunday. */
export const earningsResponse = z.object({
  summary: z.object({
    todayMinor: z.int(),
    weekMinor: z.int(),
    monthMinor: z.int(),
    unpaidMinor: z.int(),
    unpaidCount: z.int(),
  }),
  /** The last 14 London days, oldest first. */
  days: z.array(z.object({ date: z.string(), totalMinor: z.int() })),
  history: z.array(earningView),
  payouts: z.array(payoutView),
  /** The London date (YYYY-MM-DD) a payout requested now would reach the bank by. */
  payoutArrivesBy: z.string(),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;

/** POST /api/driver/earnings/cash-out: pays every unpaid earning at once, free of any fee. */
export const cashOutResponse = z.object({ payout: payoutView.extend({ earningsCount: z.int() }), message: z.string() });
export type CashOutResponse = z.infer<typeof cashOutResponse>;

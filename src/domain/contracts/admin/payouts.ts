import { z } from 'zod';

export const PAYOUT_STATUSES = ['requested', 'paid'] as const;

/** GET /api/admin/payouts: the requests waiting to be paid (the default) or those already paid. */
export const adminPayoutsQuery = z.strictObject({ status: z.enum(PAYOUT_STATUSES).default('requested') });

/** One payout request as finance sees it: the full bank details it is to be paid to. */
export const adminPayoutView = z.object({
  id: z.uuid(),
  driverId: z.string(),
  driverName: z.string(),
  driverEmail: z.string(),
  grossMinor: z.int(),
  feeMinor: z.int(),
  /** Cash the driver held, taken off this payout: gross − fee − cash netted = net. */
  cashNettedMinor: z.int(),
  netMinor: z.int(),
  /** The cash the driver holds for the platform now (docs/product/admin.md#payouts). */
  driverCashHeldMinor: z.int(),
  status: z.enum(PAYOUT_STATUSES),
  accountName: z.string().nullable(),
  sortCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  createdAt: z.string(),
  /** The London date (YYYY-MM-DD) the driver was told the money reaches their bank by. */
  arrivesBy: z.string(),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
});
export type AdminPayoutView = z.infer<typeof adminPayoutView>;
export const adminPayoutsResponse = z.object({ payouts: z.array(adminPayoutView) });
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponse>;

export const payoutParams = z.strictObject({ payoutId: z.uuid('Payout not found') });

/** POST /api/admin/payouts/:payoutId/paid: finance sent the transfer; its bank reference is optional. */
export const markPayoutPaidBody = z.strictObject({
  paymentReference: z.string().trim().max(60, 'Keep the reference to 60 characters').optional(),
});
export const markPayoutPaidResponse = z.object({ payout: adminPayoutView });

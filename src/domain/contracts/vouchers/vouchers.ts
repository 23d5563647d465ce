import { z } from 'zod';
import { VOUCHER_KINDS } from '../../vouchers';

const pence = (field: string) =>
  z.int(`${field} must be a whole number of pence`).min(0, `${field} cannot be negative`);
const when = z.iso.datetime({ offset: true, error: 'Use a date and time like 2026-12-01T09:00:00Z' });

/**
 * POST /api/admin/vouchers: a new platform voucher. The code is made by the server (ten characters
 * of the voucher alphabet), never chosen, so it cannot be guessed (docs/decisions/0255-voucher-codes-and-brute-force.md).
 */
export const createVoucherBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Please give the voucher a name').max(80, 'Keep the name to 80 characters'),
    kind: z.enum(VOUCHER_KINDS),
    amountMinor: pence('amountMinor').min(1, 'amountMinor must be at least 1p').max(100_000).nullish(),
    percent: z
      .int('percent must be a whole number')
      .min(1, 'percent must be 1 to 100')
      .max(100, 'percent must be 1 to 100')
      .nullish(),
    maxDiscountMinor: pence('maxDiscountMinor').min(1).max(100_000).nullish(),
    minSpendMinor: pence('minSpendMinor').max(1_000_000).default(0),
    startsAt: when.nullish(),
    endsAt: when.nullish(),
    budgetMinor: pence('budgetMinor').min(1, 'budgetMinor must be at least 1p').max(100_000_000),
    perCustomerLimit: z.int().min(1, 'perCustomerLimit must be at least 1').max(100).default(1),
    firstOrderOnly: z.boolean().default(false),
    citySlug: z.string().trim().min(1).max(80).nullish(),
    brandId: z.uuid('brandId must be a UUID').nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'amount' && !b.amountMinor)
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'Please give the amount off in pence' });
    if (b.kind === 'percent' && !b.percent)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Please give the percentage off' });
    if (b.kind === 'amount' && b.percent != null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'An amount voucher has no percentage' });
    if (b.kind === 'percent' && b.amountMinor != null)
      ctx.addIssue({ code: 'custom', path: ['amountMinor'], message: 'A percentage voucher has no amount' });
    if (b.startsAt && b.endsAt && Date.parse(b.endsAt) <= Date.parse(b.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  });
export type CreateVoucherBody = z.infer<typeof createVoucherBody>;

export const voucherParams = z.strictObject({ voucherId: z.uuid('Voucher not found') });

/** One voucher as the back office lists it, with what it has paid out (orders not cancelled or rejected). */
export const adminVoucherView = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  amountMinor: z.int().nullable(),
  percent: z.int().nullable(),
  maxDiscountMinor: z.int().nullable(),
  minSpendMinor: z.int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  budgetMinor: z.int(),
  perCustomerLimit: z.int(),
  firstOrderOnly: z.boolean(),
  citySlug: z.string().nullable(),
  brandId: z.uuid().nullable(),
  brandName: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(['scheduled', 'active', 'used_up', 'ended']),
  /** Discounts of its live and completed orders. */
  spentMinor: z.int(),
  /** Its live and completed orders. */
  orders: z.int(),
  /** Of those, delivered or collected: what the platform has actually paid. */
  paidMinor: z.int(),
});
export type AdminVoucherView = z.infer<typeof adminVoucherView>;

export const adminVouchersResponse = z.object({ vouchers: z.array(adminVoucherView) });
export const adminVoucherResponse = z.object({ voucher: adminVoucherView });

/** GET /api/admin/vouchers/:voucherId/usage: the orders a voucher was used on, newest first (at most 200). */
export const voucherUsageResponse = z.object({
  voucher: adminVoucherView,
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      placedAt: z.string(),
      status: z.string(),
      discountMinor: z.int(),
      /** Released: cancelled or rejected orders give their use back. */
      released: z.boolean(),
    }),
  ),
});

import { formatPence } from './money';
import { percentOf } from './ledger';
import { capDiscountToFloor } from './offers';

/**
 * Platform vouchers (docs/product/customer.md#vouchers, docs/product/admin.md#vouchers,
 * docs/decisions/0253-platform-vouchers.md): codes the platform funds, checked and valued here,
 * as pure rules the server applies inside the order's transaction and the checkout shows.
 */

/**
 * The characters a code is made of: capitals and digits without the look-alikes (0/O, 1/I/L), 31
 * of them. Ten characters give 31^10 ≈ 8 × 10^14 codes: with checks rate limited per address and
 * account (docs/decisions/0255-voucher-codes-and-brute-force.md) a code cannot be found by trying.
 */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 10;

/** Voucher code checks allowed per client address and per account in the rate-limit window. */
export const VOUCHER_CHECK_LIMIT = { perIp: 20, perAccount: 20 } as const;

/**
 * A new code from a source of random bytes (the server passes crypto's). Bytes at or above the
 * largest multiple of the alphabet's size are skipped, so every character is equally likely.
 */
export function generateVoucherCode(randomBytes: (n: number) => Uint8Array): string {
  const n = VOUCHER_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  while (code.length < VOUCHER_CODE_LENGTH) {
    for (const b of randomBytes(VOUCHER_CODE_LENGTH * 2)) {
      if (b < limit && code.length < VOUCHER_CODE_LENGTH) code += VOUCHER_CODE_ALPHABET[b % n];
    }
  }
  return code;
}

/**
 * A code as a customer types it, normalised: capitals, spaces and dashes dropped. Null when what is
 * left cannot be a code (wrong length or a character outside the alphabet): no lookup is needed.
 */
export function normaliseVoucherCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== VOUCHER_CODE_LENGTH) return null;
  for (const c of code) if (!VOUCHER_CODE_ALPHABET.includes(c)) return null;
  return code;
}

export const VOUCHER_KINDS = ['amount', 'percent'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** A voucher's terms as the rules read them. */
export type VoucherTerms = {
  kind: VoucherKind;
  /** Pence off (kind amount). */
  amountMinor: number | null;
  /** Percent off the food (kind percent), 1–100. */
  percent: number | null;
  /** The most a percent voucher takes off; null: no cap. */
  maxDiscountMinor: number | null;
  /** The food value (after a restaurant offer) the order must reach. */
  minSpendMinor: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Ended early by staff. */
  endedAt: Date | null;
  /** The most the platform pays out on this code, in pence. */
  budgetMinor: number;
  /** How many orders one person may use it on. */
  perCustomerLimit: number;
  firstOrderOnly: boolean;
  /** Only at branches in this city (the city's slug); null: anywhere. */
  citySlug: string | null;
  /** Only at this brand's branches; null: any. */
  brandId: string | null;
};

/**
 * What the voucher has been used for so far, counted inside the order's transaction under the
 * voucher's row lock: orders not cancelled or rejected (docs/decisions/0254-voucher-limits-under-concurrency.md).
 */
export type VoucherUsage = {
  /** The discounts of the voucher's live and completed orders. */
  spentMinor: number;
  /** This person's live and completed orders with this voucher. */
  personUses: number;
  /** This person has an earlier order that was not cancelled or rejected. */
  personHasOrdered: boolean;
};

/** The order the voucher would go on. */
export type VoucherOrder = {
  /** The food after any restaurant offer, in pence: the voucher is valued on it. */
  foodAfterOfferMinor: number;
  /** The platform floor: the food the customer pays never falls below it (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md). */
  floorMinor: number;
  citySlug: string | null;
  brandId: string;
  now: Date;
};

const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** The customer's reasons, exactly as checkout shows them (docs/product/customer.md#vouchers). */
export const VOUCHER_MESSAGES = {
  unknown: "We don't recognise this code. Please check it and try again.",
  notStarted: (startsAt: Date) => `This code can be used from ${dateText(startsAt)}`,
  expired: 'This code has expired',
  minimumSpend: (minMinor: number) => `This code needs a minimum order of ${formatPence(minMinor)}`,
  alreadyUsed: 'You have already used this code',
  firstOrderOnly: 'This code is for your first order only',
  wrongCity: 'This code cannot be used in this city',
  wrongBrand: 'This code cannot be used at this restaurant',
  usedUp: 'This code has been fully used',
  tooManyChecks: 'Too many code checks. Please wait a few minutes and try again.',
} as const;

/** The voucher's value on this food before any cap: pence off, or the percentage (halves up), never above the food. */
export function voucherValueMinor(
  terms: Pick<VoucherTerms, 'kind' | 'amountMinor' | 'percent' | 'maxDiscountMinor'>,
  foodMinor: number,
): number {
  const raw =
    terms.kind === 'amount'
      ? (terms.amountMinor ?? 0)
      : Math.min(percentOf(foodMinor, terms.percent ?? 0), terms.maxDiscountMinor ?? Number.MAX_SAFE_INTEGER);
  return Math.max(0, Math.min(raw, foodMinor));
}

export type VoucherVerdict = { ok: true; discountMinor: number } | { ok: false; reason: string };

/**
 * Whether the voucher applies to this order for this person, and what it takes off. Checks run in
 * the order a customer can act on: dates, place, spend, then the person's and the budget's limits.
 */
export function applyVoucher(terms: VoucherTerms, usage: VoucherUsage, order: VoucherOrder): VoucherVerdict {
  const now = order.now.getTime();
  if (terms.endedAt && terms.endedAt.getTime() <= now) return { ok: false, reason: VOUCHER_MESSAGES.expired };
  if (terms.endsAt && terms.endsAt.getTime() <= now) return { ok: false, reason: VOUCHER_MESSAGES.expired };
  if (terms.startsAt && terms.startsAt.getTime() > now)
    return { ok: false, reason: VOUCHER_MESSAGES.notStarted(terms.startsAt) };
  if (terms.citySlug && terms.citySlug !== order.citySlug) return { ok: false, reason: VOUCHER_MESSAGES.wrongCity };
  if (terms.brandId && terms.brandId !== order.brandId) return { ok: false, reason: VOUCHER_MESSAGES.wrongBrand };
  if (order.foodAfterOfferMinor < terms.minSpendMinor)
    return { ok: false, reason: VOUCHER_MESSAGES.minimumSpend(terms.minSpendMinor) };
  // The floor rule restaurant offers use (docs/decisions/0250-restaurant-offers-pricing.md), on the food after the offer.
  const discountMinor = capDiscountToFloor(
    order.foodAfterOfferMinor,
    voucherValueMinor(terms, order.foodAfterOfferMinor),
    order.floorMinor,
  );
  if (discountMinor <= 0)
    return { ok: false, reason: VOUCHER_MESSAGES.minimumSpend(Math.max(terms.minSpendMinor, order.floorMinor + 1)) };
  if (terms.firstOrderOnly && usage.personHasOrdered) return { ok: false, reason: VOUCHER_MESSAGES.firstOrderOnly };
  if (usage.personUses >= terms.perCustomerLimit) return { ok: false, reason: VOUCHER_MESSAGES.alreadyUsed };
  if (usage.spentMinor + discountMinor > terms.budgetMinor) return { ok: false, reason: VOUCHER_MESSAGES.usedUp };
  return { ok: true, discountMinor };
}

/** A voucher's state as the back office lists it. */
export function voucherState(
  terms: Pick<VoucherTerms, 'startsAt' | 'endsAt' | 'endedAt' | 'budgetMinor'>,
  spentMinor: number,
  now: Date,
): 'scheduled' | 'active' | 'used_up' | 'ended' {
  const t = now.getTime();
  if ((terms.endedAt && terms.endedAt.getTime() <= t) || (terms.endsAt && terms.endsAt.getTime() <= t)) return 'ended';
  if (spentMinor >= terms.budgetMinor) return 'used_up';
  if (terms.startsAt && terms.startsAt.getTime() > t) return 'scheduled';
  return 'active';
}

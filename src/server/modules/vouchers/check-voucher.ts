import { eq, sql } from 'drizzle-orm';
import { type VoucherTerms, VOUCHER_MESSAGES, applyVoucher, normaliseVoucherCode } from '../../../domain/vouchers';
import type { DbOrTx } from '../../db/client';
import { vouchers } from '../../db/schema/index';

/**
 * Who a voucher's per-person limits count (docs/decisions/0254-voucher-limits-under-concurrency.md):
 * the phone number checkout asks of everyone, in E.164, and the account when signed in. An order
 * matching either is the same person's.
 */
export type VoucherPerson = { customerId: string | null; phone: string | null };

export type VoucherOutcome =
  { kind: 'applied'; voucherId: string; code: string; discountMinor: number } | { kind: 'refused'; reason: string };

/** Orders that hold a use of their voucher: every order but the cancelled and the rejected. */
const HOLDS_USE = sql`status not in ('CANCELLED', 'REJECTED')`;

type Row = typeof vouchers.$inferSelect;

const termsOf = (v: Row): VoucherTerms => ({
  kind: v.kind,
  amountMinor: v.amountMinor,
  percent: v.percent,
  maxDiscountMinor: v.maxDiscountMinor,
  minSpendMinor: v.minSpendMinor,
  startsAt: v.startsAt,
  endsAt: v.endsAt,
  endedAt: v.endedAt,
  budgetMinor: v.budgetMinor,
  perCustomerLimit: v.perCustomerLimit,
  firstOrderOnly: v.firstOrderOnly,
  citySlug: v.citySlug,
  brandId: v.brandId,
});

/**
 * Checks a code typed at checkout against this order and person and values it (domain/vouchers.ts).
 * With `lock` (placing the order, inside its transaction) the voucher's row is locked first, so
 * the budget and the person's uses counted next include every order committed before, and no other
 * checkout of this voucher can count until this one commits or rolls back: one winner when one use
 * remains. Without it (the quote) nothing is locked and placing checks again.
 */
export async function checkVoucher(
  db: DbOrTx,
  input: {
    code: string;
    person: VoucherPerson;
    site: { brandId: string; citySlug: string | null };
    /** The food after any restaurant offer, in pence. */
    foodAfterOfferMinor: number;
    floorMinor: number;
    now: Date;
    lock?: boolean;
  },
): Promise<VoucherOutcome> {
  const code = normaliseVoucherCode(input.code);
  if (!code) return { kind: 'refused', reason: VOUCHER_MESSAGES.unknown };
  const query = db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  const [voucher] = input.lock ? await query.for('update') : await query;
  if (!voucher) return { kind: 'refused', reason: VOUCHER_MESSAGES.unknown };

  const { customerId, phone } = input.person;
  const person =
    customerId && phone
      ? sql`(customer_id = ${customerId} or customer_phone = ${phone})`
      : customerId
        ? sql`customer_id = ${customerId}`
        : phone
          ? sql`customer_phone = ${phone}`
          : sql`false`;
  const { rows } = await db.execute<{ spent: number | string; person_uses: number | string; has_ordered: boolean }>(sql`
    select
      coalesce((select sum(voucher_discount_minor) from orders where voucher_id = ${voucher.id} and ${HOLDS_USE}), 0) as spent,
      (select count(*) from orders where voucher_id = ${voucher.id} and ${HOLDS_USE} and ${person}) as person_uses,
      ${voucher.firstOrderOnly ? sql`exists (select 1 from orders where ${person} and ${HOLDS_USE})` : sql`false`} as has_ordered`);
  const usage = {
    spentMinor: Number(rows[0].spent),
    personUses: Number(rows[0].person_uses),
    personHasOrdered: Boolean(rows[0].has_ordered),
  };
  const verdict = applyVoucher(termsOf(voucher), usage, {
    foodAfterOfferMinor: input.foodAfterOfferMinor,
    floorMinor: input.floorMinor,
    citySlug: input.site.citySlug,
    brandId: input.site.brandId,
    now: input.now,
  });
  if (!verdict.ok) return { kind: 'refused', reason: verdict.reason };
  return { kind: 'applied', voucherId: voucher.id, code, discountMinor: verdict.discountMinor };
}

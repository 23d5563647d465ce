import { describe, expect, it } from 'vitest';
import {
  EMPTY_RECONCILIATION_LINE,
  EMPTY_STATEMENT_LINE,
  type LedgerOrder,
  addToReconciliation,
  addToStatement,
  orderTotalFor,
  reconciles,
} from './ledger';
import {
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_LENGTH,
  VOUCHER_MESSAGES,
  type VoucherOrder,
  type VoucherTerms,
  type VoucherUsage,
  applyVoucher,
  generateVoucherCode,
  normaliseVoucherCode,
  voucherState,
  voucherValueMinor,
} from './vouchers';
import { capDiscountToFloor } from './offers';

const terms: VoucherTerms = {
  kind: 'amount',
  amountMinor: 500,
  percent: null,
  maxDiscountMinor: null,
  minSpendMinor: 1500,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T00:00:00Z'),
  endedAt: null,
  budgetMinor: 10_000,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  citySlug: null,
  brandId: null,
};
const unused: VoucherUsage = { spentMinor: 0, personUses: 0, personHasOrdered: false };
const order: VoucherOrder = {
  foodAfterOfferMinor: 2000,
  floorMinor: 100,
  citySlug: 'london',
  brandId: 'brand-a',
  now: new Date('2026-11-29T12:00:00Z'),
};

describe('voucher codes', () => {
  it('are ten characters of an alphabet without look-alikes', () => {
    expect(VOUCHER_CODE_ALPHABET).toHaveLength(31);
    for (const c of '01ILO') expect(VOUCHER_CODE_ALPHABET).not.toContain(c);
    let seed = 0;
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => (seed = (seed * 73 + 41) % 256));
    const code = generateVoucherCode(bytes);
    expect(code).toHaveLength(VOUCHER_CODE_LENGTH);
    expect(normaliseVoucherCode(code)).toBe(code);
  });

  it.each([
    ['abcde-fghjk', 'ABCDEFGHJK'],
    [' ABCDE FGHJK ', 'ABCDEFGHJK'],
    ['ABCDEFGHJ', null],
    ['ABCDEFGHJKM', null],
    ['ABCDEFGHJ0', null],
    ['WELCOME10!', null],
    ['', null],
  ])('normalises %j to %j', (typed, code) => {
    expect(normaliseVoucherCode(typed)).toBe(code);
  });
});

describe('voucher value', () => {
  it.each([
    // kind, amount, percent, cap, food, value
    ['amount', 500, null, null, 2000, 500],
    ['amount', 500, null, null, 300, 300],
    ['percent', null, 10, null, 2005, 201],
    ['percent', null, 10, null, 2004, 200],
    ['percent', null, 50, 800, 2000, 800],
    ['percent', null, 100, null, 1234, 1234],
  ] as const)('%s %s/%s%% cap %s on %sp takes %sp', (kind, amountMinor, percent, maxDiscountMinor, food, value) => {
    expect(voucherValueMinor({ kind, amountMinor, percent, maxDiscountMinor }, food)).toBe(value);
  });

  it.each([
    // discount, food, floor, capped
    [500, 2000, 100, 500],
    [500, 550, 100, 450],
    [500, 100, 100, 0],
    [500, 50, 100, 0],
  ])('caps %sp on %sp of food at the %sp floor to %sp', (discount, food, floor, capped) => {
    expect(capDiscountToFloor(food, discount, floor)).toBe(capped);
  });
});

describe('applyVoucher', () => {
  const cases: [string, Partial<VoucherTerms>, Partial<VoucherUsage>, Partial<VoucherOrder>, string | number][] = [
    ['applies', {}, {}, {}, 500],
    ['ended early', { endedAt: new Date('2026-11-20T00:00:00Z') }, {}, {}, VOUCHER_MESSAGES.expired],
    ['past its end', { endsAt: new Date('2026-11-29T12:00:00Z') }, {}, {}, VOUCHER_MESSAGES.expired],
    [
      'not started',
      { startsAt: new Date('2026-12-05T10:00:00Z') },
      {},
      {},
      'This code can be used from 5 December 2026',
    ],
    ['another city', { citySlug: 'birmingham' }, {}, {}, VOUCHER_MESSAGES.wrongCity],
    ['its city', { citySlug: 'london' }, {}, {}, 500],
    ['another brand', { brandId: 'brand-b' }, {}, {}, VOUCHER_MESSAGES.wrongBrand],
    ['below minimum spend', {}, {}, { foodAfterOfferMinor: 1499 }, 'This code needs a minimum order of £15.00'],
    ['at minimum spend', {}, {}, { foodAfterOfferMinor: 1500 }, 500],
    ['capped at the floor', { minSpendMinor: 0 }, {}, { foodAfterOfferMinor: 550 }, 450],
    [
      'nothing above the floor',
      { minSpendMinor: 0 },
      {},
      { foodAfterOfferMinor: 100 },
      'This code needs a minimum order of £1.01',
    ],
    ['already used', {}, { personUses: 1 }, {}, VOUCHER_MESSAGES.alreadyUsed],
    ['second of two uses', { perCustomerLimit: 2 }, { personUses: 1 }, {}, 500],
    [
      'first order only, ordered before',
      { firstOrderOnly: true },
      { personHasOrdered: true },
      {},
      VOUCHER_MESSAGES.firstOrderOnly,
    ],
    ['first order only, first order', { firstOrderOnly: true }, {}, {}, 500],
    ['last of the budget', {}, { spentMinor: 9_500 }, {}, 500],
    ['budget used up', {}, { spentMinor: 9_600 }, {}, VOUCHER_MESSAGES.usedUp],
  ];
  it.each(cases)('%s', (_, t, u, o, expected) => {
    const verdict = applyVoucher({ ...terms, ...t }, { ...unused, ...u }, { ...order, ...o });
    expect(verdict).toEqual(
      typeof expected === 'number' ? { ok: true, discountMinor: expected } : { ok: false, reason: expected },
    );
  });

  it('words the minimum spend as the customer reads it', () => {
    expect(VOUCHER_MESSAGES.minimumSpend(1500)).toBe('This code needs a minimum order of £15.00');
    expect(VOUCHER_MESSAGES.alreadyUsed).toBe('You have already used this code');
  });
});

describe('voucherState', () => {
  const now = order.now;
  it.each([
    [{}, 0, 'active'],
    [{}, 10_000, 'used_up'],
    [{ startsAt: new Date('2026-12-01T00:00:00Z') }, 0, 'scheduled'],
    [{ endedAt: new Date('2026-11-28T00:00:00Z') }, 0, 'ended'],
    [{ endsAt: new Date('2026-11-28T00:00:00Z') }, 10_000, 'ended'],
  ] as const)('%j with %sp spent is %s', (t, spent, state) => {
    expect(voucherState({ ...terms, ...t }, spent, now)).toBe(state);
  });
});

describe('a voucher in the ledger (platform-funded)', () => {
  const paid = (over: Partial<LedgerOrder>): LedgerOrder => ({
    day: '2026-11-29',
    orderType: 'DELIVERY',
    completed: true,
    subtotalMinor: 2000,
    deliveryFeeMinor: 249,
    serviceFeeMinor: 100,
    totalMinor: 2000 + 249 + 100 - 500,
    commissionPercent: 15,
    driverPayMinor: 400,
    driverId: 'd1',
    cashCollectedMinor: 2000 + 249 + 100 - 500,
    voucherDiscountMinor: 500,
    ...over,
  });
  it.each([
    ['delivery', paid({})],
    [
      'pickup',
      paid({
        orderType: 'PICKUP',
        deliveryFeeMinor: 0,
        totalMinor: 1600,
        driverPayMinor: 0,
        driverId: null,
        cashCollectedMinor: null,
      }),
    ],
  ] as const)('%s: reconciles to the penny, the restaurant paid on the food before the voucher', (_, o) => {
    expect(o.totalMinor).toBe(orderTotalFor(o));
    const line = addToReconciliation(EMPTY_RECONCILIATION_LINE, o);
    expect(line.platformDiscountsMinor).toBe(500);
    expect(reconciles(line)).toEqual({ customerTotals: true, deliveryCosts: true, cash: true });
    const statement = addToStatement(EMPTY_STATEMENT_LINE, o);
    expect(statement.foodSalesMinor).toBe(2000);
    expect(statement.commissionMinor).toBe(300);
    // Pickup: the till took the discounted total, so the platform owes the restaurant the voucher too.
    expect(statement.netOwedMinor).toBe(o.orderType === 'PICKUP' ? 2000 - 300 - 1600 : 2000 - 300);
  });
  it('counts no discount on an order the customer did not pay for', () => {
    const line = addToReconciliation(
      EMPTY_RECONCILIATION_LINE,
      paid({ completed: false, cashCollectedMinor: null, driverPayMinor: 0 }),
    );
    expect(line.platformDiscountsMinor).toBe(0);
    expect(reconciles(line).customerTotals).toBe(true);
  });
});

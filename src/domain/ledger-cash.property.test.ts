import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RECONCILIATION_LINE,
  type LedgerHandin,
  type LedgerOrder,
  addToReconciliation,
  byDay,
  cashBalance,
  cashOutSplit,
  driverCashDays,
  orderIncomeMinor,
  orderTotalFor,
  paidAboveIncome,
  reconciles,
  serviceFeeFor,
} from './ledger';

/*
 * The cash side of the reconciliation (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md):
 * random sequences of orders, deliveries with the cash each driver recorded, cancellations after
 * pickup, hand-ins and cash-outs that net the cash held, replayed the way the server applies them.
 */

const DAYS = ['2026-11-27', '2026-11-28'];
const DRIVERS = ['driver-a', 'driver-b', 'driver-c'];

const action = fc.oneof(
  fc.record({
    kind: fc.constant('deliver' as const),
    day: fc.constantFrom(...DAYS),
    driver: fc.constantFrom(...DRIVERS),
    subtotalMinor: fc.integer({ min: 100, max: 20_000 }),
    deliveryFeeMinor: fc.integer({ min: 0, max: 499 }),
    serviceFeePercent: fc.integer({ min: 0, max: 10 }),
    payMinor: fc.integer({ min: 0, max: 600 }),
    /** The driver took a different amount (a reason is then required by the server), or exactly the total. */
    cashDifference: fc.oneof(fc.constant(0), fc.integer({ min: -2_000, max: 500 })),
  }),
  fc.record({
    kind: fc.constant('cancel_after_pickup' as const),
    day: fc.constantFrom(...DAYS),
    driver: fc.constantFrom(...DRIVERS),
    subtotalMinor: fc.integer({ min: 100, max: 20_000 }),
    payMinor: fc.integer({ min: 0, max: 600 }),
  }),
  fc.record({
    kind: fc.constant('pickup' as const),
    day: fc.constantFrom(...DAYS),
    subtotalMinor: fc.integer({ min: 100, max: 20_000 }),
  }),
  fc.record({
    kind: fc.constant('hand_in' as const),
    day: fc.constantFrom(...DAYS),
    driver: fc.constantFrom(...DRIVERS),
    amountMinor: fc.integer({ min: 1, max: 30_000 }),
  }),
  fc.record({
    kind: fc.constant('cash_out' as const),
    day: fc.constantFrom(...DAYS),
    driver: fc.constantFrom(...DRIVERS),
    feeMinor: fc.integer({ min: 0, max: 100 }),
  }),
);

type Payout = { driver: string; grossMinor: number; feeMinor: number; nettedMinor: number; netMinor: number };

type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** Replays the actions as the server would, keeping every rule it enforces. */
function run(actions: Action[]) {
  const orders: LedgerOrder[] = [];
  const handins: LedgerHandin[] = [];
  const payouts: Payout[] = [];
  const unpaid = new Map<string, number>();
  const collected = new Map<string, number[]>();
  const handed = new Map<string, number[]>();
  const held = (d: string) => cashBalance(collected.get(d) ?? [], handed.get(d) ?? []);
  const push = (m: Map<string, number[]>, d: string, v: number) => m.set(d, [...(m.get(d) ?? []), v]);
  let n = 0;
  for (const a of actions) {
    n += 1;
    if (a.kind === 'deliver' || a.kind === 'cancel_after_pickup' || a.kind === 'pickup') {
      const delivery = a.kind !== 'pickup';
      const deliveryFeeMinor = a.kind === 'deliver' ? a.deliveryFeeMinor : 0;
      const serviceFeeMinor = serviceFeeFor(a.subtotalMinor, a.kind === 'deliver' ? a.serviceFeePercent : 0);
      const totalMinor = orderTotalFor({ subtotalMinor: a.subtotalMinor, deliveryFeeMinor, serviceFeeMinor });
      const cash = a.kind === 'deliver' ? Math.max(0, totalMinor + a.cashDifference) : null;
      orders.push({
        day: a.day,
        orderType: delivery ? 'DELIVERY' : 'PICKUP',
        completed: a.kind !== 'cancel_after_pickup',
        subtotalMinor: a.subtotalMinor,
        deliveryFeeMinor,
        serviceFeeMinor,
        totalMinor,
        commissionPercent: 15,
        driverPayMinor: delivery ? a.payMinor : 0,
        orderNumber: `HN-${n}`,
        driverId: delivery ? a.driver : null,
        cashCollectedMinor: cash,
        // The server refuses a different amount without a reason.
        cashReason: cash !== null && cash !== totalMinor ? 'Customer was short' : null,
        cashOutcome: a.kind === 'cancel_after_pickup' ? 'not_collected' : null,
      });
      if (delivery) unpaid.set(a.driver, (unpaid.get(a.driver) ?? 0) + a.payMinor);
      if (cash !== null && delivery) push(collected, a.driver, cash);
    } else if (a.kind === 'hand_in') {
      // A hand-in above what the driver holds is refused.
      if (a.amountMinor > held(a.driver)) continue;
      push(handed, a.driver, a.amountMinor);
      handins.push({ day: a.day, driverId: a.driver, amountMinor: a.amountMinor, netted: false });
    } else {
      const grossMinor = unpaid.get(a.driver) ?? 0;
      // Nothing to pay, or a balance the fee would swallow, is refused.
      if (grossMinor <= a.feeMinor) continue;
      const split = cashOutSplit(grossMinor, a.feeMinor, held(a.driver));
      unpaid.set(a.driver, 0);
      payouts.push({ driver: a.driver, grossMinor, feeMinor: a.feeMinor, ...split });
      if (split.nettedMinor > 0) {
        push(handed, a.driver, split.nettedMinor);
        handins.push({ day: a.day, driverId: a.driver, amountMinor: split.nettedMinor, netted: true });
      }
    }
  }
  return { orders, handins, payouts, held };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('the cash reconciliation', () => {
  it('holds to the penny per day, per driver and for the period over orders, cash, hand-ins and cash-outs', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const { orders, handins, payouts, held } = run(actions);
        const { days, totals } = byDay(orders, DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation);
        for (const line of [...days, totals]) {
          expect(reconciles(line)).toEqual({ customerTotals: true, deliveryCosts: true, cash: true });
        }
        const drivers = driverCashDays(orders, handins);
        for (const d of drivers) {
          expect(d.reconciles).toBe(true);
          expect(d.differenceMinor).toBe(d.collectedMinor - d.owedMinor);
          expect(sum(d.differences.map((x) => x.differenceMinor))).toBe(d.differenceMinor);
          for (const x of d.differences) expect(x.reason).not.toBeNull();
        }
        // The drivers' lines add up to the day's cash lines.
        for (const day of days) {
          const mine = drivers.filter((d) => d.day === day.day);
          expect(sum(mine.map((d) => d.owedMinor))).toBe(day.cashOwedMinor);
          expect(sum(mine.map((d) => d.collectedMinor))).toBe(day.cashCollectedMinor);
        }
        // Cash owed is the delivered delivery orders' totals; what was taken is still held or handed in.
        const delivered = orders.filter((o) => o.completed && o.orderType === 'DELIVERY');
        expect(totals.cashOwedMinor).toBe(sum(delivered.map((o) => o.totalMinor)));
        for (const driver of DRIVERS) {
          const mine = drivers.filter((d) => d.driverId === driver);
          const took = sum(mine.map((d) => d.collectedMinor));
          const handedIn = sum(mine.map((d) => d.handedInMinor));
          expect(held(driver)).toBe(took - handedIn);
          expect(held(driver)).toBeGreaterThanOrEqual(0);
        }
        // Every payout: gross − fee − cash netted = the transfer, never below zero.
        for (const p of payouts) {
          expect(p.grossMinor - p.feeMinor - p.nettedMinor).toBe(p.netMinor);
          expect(p.netMinor).toBeGreaterThanOrEqual(0);
          expect(p.nettedMinor).toBeGreaterThanOrEqual(0);
        }
        expect(sum(handins.filter((h) => h.netted).map((h) => h.amountMinor))).toBe(
          sum(payouts.map((p) => p.nettedMinor)),
        );
      }),
    );
  });

  it('does not reconcile when one cash figure is wrong: a driver-day, its day and the period all say so', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: -5_000, max: 5_000 }).filter((x) => x !== 0),
        (actions, pick, wrongBy) => {
          const { orders, handins } = run(actions);
          const exact = orders.filter((o) => o.cashCollectedMinor != null && o.cashReason === null);
          fc.pre(exact.length > 0);
          const victim = exact[pick % exact.length];
          // A figure that differs from the total with no reason: entered wrongly, or changed afterwards.
          const wrong = orders.map((o) =>
            o === victim ? { ...o, cashCollectedMinor: (o.cashCollectedMinor ?? 0) + wrongBy } : o,
          );
          const { days, totals } = byDay(wrong, DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation);
          expect(reconciles(totals).cash).toBe(false);
          expect(reconciles(days.find((d) => d.day === victim.day)!).cash).toBe(false);
          const line = driverCashDays(wrong, handins).find(
            (d) => d.day === victim.day && d.driverId === victim.driverId,
          )!;
          expect(line.reconciles).toBe(false);
          expect(line.differences.find((x) => x.orderNumber === victim.orderNumber)).toMatchObject({
            differenceMinor: wrongBy,
            reason: null,
          });
        },
      ),
    );
  });

  it('counts a delivered order with no cash recorded as unexplained', () => {
    const o: LedgerOrder = {
      day: DAYS[0],
      orderType: 'DELIVERY',
      completed: true,
      subtotalMinor: 1_499,
      deliveryFeeMinor: 249,
      serviceFeeMinor: 0,
      totalMinor: 1_748,
      commissionPercent: 15,
      driverPayMinor: 300,
      orderNumber: 'HN-1',
      driverId: 'driver-a',
      cashCollectedMinor: null,
    };
    const line = byDay([o], DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation).totals;
    expect(reconciles(line).cash).toBe(false);
    // A 47p shortfall with its reason is explained, and shown with it.
    const short = { ...o, cashCollectedMinor: 1_701, cashReason: 'Customer had no change' };
    expect(reconciles(byDay([short], DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation).totals).cash).toBe(true);
    expect(driverCashDays([short], [])[0]).toMatchObject({
      owedMinor: 1_748,
      collectedMinor: 1_701,
      differenceMinor: -47,
      differences: [{ orderNumber: 'HN-1', differenceMinor: -47, reason: 'Customer had no change' }],
      reconciles: true,
    });
  });

  it('flags a job that paid its driver more than its order brought in', () => {
    const base: LedgerOrder = {
      day: DAYS[0],
      orderType: 'DELIVERY',
      completed: true,
      subtotalMinor: 100,
      deliveryFeeMinor: 0,
      serviceFeeMinor: 0,
      totalMinor: 100,
      commissionPercent: 15,
      driverPayMinor: 300,
    };
    // £1.00 of food, no fee: 15p commission against £3.00 of pay.
    expect(orderIncomeMinor(base)).toBe(15);
    expect(paidAboveIncome(base)).toBe(true);
    const fair = { ...base, subtotalMinor: 1_499, deliveryFeeMinor: 249, totalMinor: 1_748 };
    expect(paidAboveIncome(fair)).toBe(false);
    const line = byDay([base, fair], DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation).totals;
    expect(line.jobsPaidAboveIncome).toBe(1);
  });

  it('nets a cash-out against the cash held: the fee first, never a negative transfer', () => {
    expect(cashOutSplit(1_000, 50, 0)).toEqual({ nettedMinor: 0, netMinor: 950 });
    expect(cashOutSplit(1_000, 50, 400)).toEqual({ nettedMinor: 400, netMinor: 550 });
    expect(cashOutSplit(1_000, 50, 5_000)).toEqual({ nettedMinor: 950, netMinor: 0 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RECONCILIATION_LINE,
  EMPTY_STATEMENT_LINE,
  type LedgerOrder,
  addToReconciliation,
  addToStatement,
  byDay,
  cashBalance,
  cashNeedsReason,
  orderTotalFor,
  percentOf,
  reconciles,
  serviceFeeFor,
} from './ledger';

const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

/**
 * A random order as checkout prices it (food, the branch's fee for delivery, the service fee at the
 * setting of the moment, the commission rate of the moment), then what became of it: delivered or
 * collected, cancelled before pickup (no money, no pay) or cancelled after pickup (driver paid, no money).
 */
const order = fc
  .record({
    day: fc.constantFrom(...DAYS),
    orderType: fc.constantFrom('DELIVERY' as const, 'PICKUP' as const),
    subtotalMinor: fc.integer({ min: 0, max: 50_000 }),
    branchFeeMinor: fc.integer({ min: 0, max: 999 }),
    serviceFeePercent: fc.integer({ min: 0, max: 100 }),
    commissionPercent: fc.integer({ min: 0, max: 100 }),
    fate: fc.constantFrom('completed', 'cancelled', 'cancelled_after_pickup'),
    driverPayMinor: fc.integer({ min: 0, max: 2_000 }),
  })
  .map((r): LedgerOrder => {
    const deliveryFeeMinor = r.orderType === 'DELIVERY' ? r.branchFeeMinor : 0;
    const serviceFeeMinor = serviceFeeFor(r.subtotalMinor, r.serviceFeePercent);
    const hasDriver = r.orderType === 'DELIVERY' && r.fate !== 'cancelled';
    const totalMinor = orderTotalFor({ subtotalMinor: r.subtotalMinor, deliveryFeeMinor, serviceFeeMinor });
    const deliveredByDriver = hasDriver && r.fate === 'completed';
    return {
      day: r.day,
      orderType: r.orderType,
      completed: r.fate === 'completed',
      subtotalMinor: r.subtotalMinor,
      deliveryFeeMinor,
      serviceFeeMinor,
      totalMinor,
      commissionPercent: r.commissionPercent,
      driverPayMinor: hasDriver ? r.driverPayMinor : 0,
      driverId: hasDriver ? 'driver-1' : null,
      // The driver records the total when they name no amount.
      cashCollectedMinor: deliveredByDriver ? totalMinor : null,
      cashOutcome: hasDriver && r.fate === 'cancelled_after_pickup' ? 'not_collected' : null,
    };
  });

describe('the money model', () => {
  it('reconciles every period to the penny: customer totals and the cost of deliveries', () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 60 }), (orders) => {
        const { days, totals } = byDay(orders, DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation);
        for (const line of [...days, totals]) {
          expect(reconciles(line)).toEqual({ customerTotals: true, deliveryCosts: true, cash: true });
          expect(line.platformMarginMinor).toBeGreaterThanOrEqual(0);
          expect(line.subsidyMinor).toBeGreaterThanOrEqual(0);
        }
        // The days add up to the total.
        const sum = (k: keyof typeof totals) => days.reduce((a, d) => a + d[k], 0);
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) expect(sum(k)).toBe(totals[k]);
      }),
    );
  });

  it('counts money only from orders the customer paid, and driver pay from every job that cost it', () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 40 }), (orders) => {
        const { totals } = byDay(orders, DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation);
        const paid = orders.filter((o) => o.completed);
        expect(totals.customerTotalsMinor).toBe(paid.reduce((a, o) => a + o.totalMinor, 0));
        expect(totals.driverPayMinor).toBe(orders.reduce((a, o) => a + o.driverPayMinor, 0));
        expect(totals.orders).toBe(paid.length);
      }),
    );
  });

  it("states a restaurant's net owed as food sales minus commission minus the cash in its own till", () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 40 }), (orders) => {
        const { totals } = byDay(orders, DAYS, EMPTY_STATEMENT_LINE, addToStatement);
        const paid = orders.filter((o) => o.completed);
        const commission = paid.reduce((a, o) => a + percentOf(o.subtotalMinor, o.commissionPercent), 0);
        const till = paid.filter((o) => o.orderType === 'PICKUP').reduce((a, o) => a + o.totalMinor, 0);
        expect(totals.commissionMinor).toBe(commission);
        expect(totals.netOwedMinor).toBe(totals.foodSalesMinor - totals.commissionMinor - till);
        // The statement and the reconciliation agree on food sales, commission and delivery fees.
        const rec = byDay(orders, DAYS, EMPTY_RECONCILIATION_LINE, addToReconciliation).totals;
        expect(totals.foodSalesMinor).toBe(rec.foodSalesMinor);
        expect(totals.commissionMinor).toBe(rec.commissionMinor);
        expect(totals.deliveryFeesMinor).toBe(rec.deliveryFeesMinor);
      }),
    );
  });

  it("keeps a driver's cash balance equal to cash collected minus hand-ins, and never below zero when hand-ins are checked", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.record({ collect: fc.nat(20_000) }), fc.record({ handIn: fc.integer({ min: 1, max: 20_000 }) })),
          {
            maxLength: 50,
          },
        ),
        (events) => {
          const collected: number[] = [];
          const handedIn: number[] = [];
          for (const e of events) {
            if ('collect' in e) collected.push(e.collect);
            // The server refuses a hand-in above what the driver holds.
            else if (e.handIn <= cashBalance(collected, handedIn)) handedIn.push(e.handIn);
            expect(cashBalance(collected, handedIn)).toBeGreaterThanOrEqual(0);
          }
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(cashBalance(collected, handedIn)).toBe(sum(collected) - sum(handedIn));
        },
      ),
    );
  });

  it('accounts for every penny of a delivery when the driver took a different amount at the door', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(order, fc.integer({ min: -500, max: 500 })), { maxLength: 40 }),
        fc.nat(100),
        (rows, handInShare) => {
          // Delivered orders paid in cash at the door: the driver records what they took (a difference needs a reason).
          const delivered = rows.filter(([o]) => o.completed && o.orderType === 'DELIVERY');
          const collected = delivered.map(([o, diff]) => Math.max(0, o.totalMinor + diff));
          const explained = delivered.filter(([o], i) => cashNeedsReason(o.totalMinor, collected[i])).length;
          const handIn = Math.floor((cashBalance(collected, []) * handInShare) / 100);
          const balance = cashBalance(collected, [handIn]);
          const { totals } = byDay(
            delivered.map(([o]) => o),
            DAYS,
            EMPTY_RECONCILIATION_LINE,
            addToReconciliation,
          );
          const shortfall = delivered.reduce((a, [o], i) => a + o.totalMinor - collected[i], 0);
          // What customers owed = what drivers took + what they did not take; taken = still held + handed in.
          expect(totals.customerTotalsMinor).toBe(collected.reduce((a, b) => a + b, 0) + shortfall);
          expect(balance + handIn).toBe(collected.reduce((a, b) => a + b, 0));
          expect(balance).toBeGreaterThanOrEqual(0);
          // Every order whose cash differs from its total carried a reason; the others needed none.
          expect(explained).toBe(delivered.filter(([o], i) => collected[i] !== o.totalMinor).length);
        },
      ),
    );
  });
});

describe('the service fee', () => {
  it('is nothing at 0%', () => {
    expect(serviceFeeFor(2_450, 0)).toBe(0);
  });

  it('is the percentage of the food, rounded to the nearest penny, halves up', () => {
    expect(serviceFeeFor(2_450, 3)).toBe(74); // 73.5p
    expect(serviceFeeFor(1_000, 3)).toBe(30);
    expect(serviceFeeFor(1_216, 3)).toBe(36); // 36.48p
  });

  it('adds to the total with the food and the delivery fee', () => {
    expect(orderTotalFor({ subtotalMinor: 2_450, deliveryFeeMinor: 299, serviceFeeMinor: 74 })).toBe(2_823);
  });
});

import { eq } from 'drizzle-orm';
import type { AdminPayoutView } from '../../../../domain/contracts/admin/payouts';
import { driverPayouts, userProfiles } from '../../../db/schema/index';
import { cashHeldSql } from '../../finance';
import { payoutArrivesBy } from '../../../../domain/payout-arrival';

/** The columns finance's list reads: the payout and who it is for. */
export const payoutColumns = {
  payout: driverPayouts,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  displayName: userProfiles.displayName,
  email: userProfiles.email,
  /** What the driver holds now, beside what the request nets (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md). */
  cashHeld: cashHeldSql(driverPayouts.driverId),
};
export const payoutDriverJoin = eq(userProfiles.userId, driverPayouts.driverId);

type Row = {
  payout: typeof driverPayouts.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string;
  cashHeld: number;
};

/** One payout request as finance sees it, with the bank details it was requested with. */
export function toAdminPayout(r: Row): AdminPayoutView {
  const p = r.payout;
  return {
    id: p.id,
    driverId: p.driverId,
    driverName: r.displayName || [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
    driverEmail: r.email,
    grossMinor: p.grossMinor,
    feeMinor: p.feeMinor,
    cashNettedMinor: p.cashNettedMinor,
    netMinor: p.netMinor,
    driverCashHeldMinor: Number(r.cashHeld),
    status: p.status,
    accountName: p.accountName,
    sortCode: p.sortCode,
    accountNumber: p.accountNumber,
    createdAt: p.createdAt.toISOString(),
    arrivesBy: payoutArrivesBy(p.createdAt),
    paidAt: p.paidAt?.toISOString() ?? null,
    paymentReference: p.paymentReference,
  };
}

import { eq } from 'drizzle-orm';
import type { PayoutDetailsBody, PayoutDetailsResponse } from '../../../domain/contracts/driver/payout-details';
import { AppError } from '../../../domain/errors';
import {
  PAYOUT_DETAILS_MESSAGES,
  formatSortCode,
  maskAccountNumber,
  normaliseAccountNumber,
  normaliseSortCode,
} from '../../../domain/payout-details';
import type { Db } from '../../db/client';
import { driverPayoutDetails } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit';
import { passesModulusCheck } from './bank-account';

type DetailsRow = typeof driverPayoutDetails.$inferSelect;

/** The driver's view of their own details: never the whole account number (docs/decisions/0159-payout-requests.md). */
function toView(row: DetailsRow | undefined): PayoutDetailsResponse {
  if (!row) return { details: null };
  return {
    details: {
      accountName: row.accountName,
      sortCode: formatSortCode(row.sortCode),
      accountNumberMasked: maskAccountNumber(row.accountNumber),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** The caller's own payout details; a driver can only ever read their own row. */
export async function getPayoutDetails(db: Db, driverId: string): Promise<PayoutDetailsResponse> {
  const [row] = await db.select().from(driverPayoutDetails).where(eq(driverPayoutDetails.driverId, driverId));
  return toView(row);
}

/**
 * Saves where the driver's payouts go (docs/product/driver.md#payout-details): the shape first, then
 * the UK modulus rules; a pair that cannot exist is refused before it is stored. A payout already
 * requested keeps the details it was requested with.
 */
export async function savePayoutDetails(
  db: Db,
  actor: AuditActor & { userId: string },
  body: PayoutDetailsBody,
): Promise<PayoutDetailsResponse> {
  const driverId = actor.userId;
  const sortCode = normaliseSortCode(body.sortCode);
  if (!sortCode) throw new AppError('VALIDATION_ERROR', PAYOUT_DETAILS_MESSAGES.sortCode, { field: 'sortCode' });
  const accountNumber = normaliseAccountNumber(body.accountNumber);
  if (!accountNumber)
    throw new AppError('VALIDATION_ERROR', PAYOUT_DETAILS_MESSAGES.accountNumber, {
      field: 'accountNumber',
    });
  if (!passesModulusCheck(sortCode, accountNumber)) {
    throw new AppError('VALIDATION_ERROR', PAYOUT_DETAILS_MESSAGES.modulus, { field: 'accountNumber' });
  }
  const values = { accountName: body.accountName, sortCode, accountNumber, updatedAt: new Date() };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(driverPayoutDetails)
      .values({ driverId, ...values })
      .onConflictDoUpdate({ target: driverPayoutDetails.driverId, set: values })
      .returning();
    // Where money goes is worth a trail: who changed it and when, never the whole number.
    await recordAudit(tx, {
      actionType: 'payout_details_changed',
      entityType: 'driver',
      entityId: driverId,
      actor,
      details: { sortCode: formatSortCode(sortCode), accountNumber: maskAccountNumber(accountNumber) },
    });
    return saved;
  });
  return toView(row);
}

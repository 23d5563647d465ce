import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import type { Db } from '../../db/client';
import { driverCashHandins, userProfiles } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit';
import { cashPositionOf } from './driver-cash';

/**
 * Ops record cash a driver handed in (docs/product/admin.md#finance). The driver's profile row is
 * locked for the transaction so two hand-ins at once cannot both take the same balance; a hand-in
 * above what the driver holds is refused. The same request id records once.
 */
export async function recordHandin(
  db: Db,
  actor: AuditActor,
  driverId: string,
  body: { amountMinor: number; note?: string; requestId: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: userProfiles.userId })
      .from(userProfiles)
      .where(and(eq(userProfiles.userId, driverId), eq(userProfiles.userType, 'driver')))
      .for('update');
    if (!driver) throw new AppError('NOT_FOUND', 'Driver not found');

    const [existing] = await tx.select().from(driverCashHandins).where(eq(driverCashHandins.requestId, body.requestId));
    if (existing && existing.driverId !== driverId) throw new AppError('CONFLICT', 'This hand-in was already recorded');
    let handin = existing;
    if (!handin) {
      const before = await cashPositionOf(tx, driverId);
      if (body.amountMinor > before.balanceMinor) {
        throw new AppError(
          'CONFLICT',
          `The driver holds ${formatPence(before.balanceMinor)}; a hand-in cannot be more than that`,
        );
      }
      [handin] = await tx
        .insert(driverCashHandins)
        .values({
          driverId,
          amountMinor: body.amountMinor,
          note: body.note?.trim() || null,
          recordedBy: actor.userId,
          requestId: body.requestId,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actionType: 'driver_cash_handed_in',
        entityType: 'driver',
        entityId: driverId,
        actor,
        details: { amountMinor: body.amountMinor, note: handin.note, balanceBeforeMinor: before.balanceMinor },
      });
    }
    const position = await cashPositionOf(tx, driverId);
    return {
      ...position,
      handin: {
        id: handin.id,
        amountMinor: handin.amountMinor,
        note: handin.note,
        createdAt: handin.createdAt.toISOString(),
      },
    };
  });
}

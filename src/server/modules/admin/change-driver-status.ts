import { and, eq } from 'drizzle-orm';
import type { AdminDriver } from '../../../domain/contracts/admin/drivers';
import { DRIVER_STATUS_MESSAGES, type DriverAction, nextDriverStatus } from '../../../domain/driver-approval';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { Mailer } from '../../platform/mail';
import { type AuditActor, recordAudit } from '../audit';
import { notifyDriverApplication } from '../notifications';
import { findDriver } from './driver-rows';

/**
 * Approve, Reject, Suspend or Reinstate a driver (docs/product/admin.md#drivers). Only the moves in
 * domain/driver-approval.ts exist; any other is 409. The status change and its audit row commit
 * together; a suspended driver is also set offline. The driver's own screens hear it on
 * `user:{id}` and the back office on `admin`.
 */
export async function changeDriverStatus(
  deps: { db: Db; bus: LiveBus; mailer: Mailer; publicUrl: string },
  actor: AuditActor,
  driverId: string,
  action: DriverAction,
): Promise<{ driver: AdminDriver; message: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: userProfiles.status, email: userProfiles.email, name: userProfiles.displayName })
      .from(userProfiles)
      .where(and(eq(userProfiles.userId, driverId), eq(userProfiles.userType, 'driver')))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Driver not found');
    const from = current.status === 'active' ? null : current.status;
    const to = nextDriverStatus(from, action);
    if (!to || to === 'pending') {
      throw new AppError(
        'CONFLICT',
        `A driver whose status is ${from ?? 'not applied'} cannot be given the action ${action}`,
      );
    }
    await tx
      .update(userProfiles)
      .set({ status: to, ...(to === 'suspended' ? { isOnline: false, onlineSince: null } : {}), updatedAt: new Date() })
      .where(eq(userProfiles.userId, driverId));
    await recordAudit(tx, {
      actionType: 'driver_status_changed',
      entityType: 'driver',
      entityId: driverId,
      actor,
      details: { action, from, to, driverName: current.name, driverEmail: current.email },
    });
    // The applicant hears the decision through the outbox, with the change (docs/decisions/0140-notification-outbox.md).
    if (from === 'pending' && (to === 'approved' || to === 'rejected')) {
      await notifyDriverApplication(tx, { driverId, email: current.email, name: current.name, decision: to });
    }
    return { to, email: current.email, name: current.name, from };
  });

  await deps.bus.publish(topicName.user(driverId), 'driver.status', { driverId, status: result.to });
  await deps.bus.publish(topicName.admin, 'driver.status', { driverId, status: result.to });
  // After the driver's own status event: then their open streams are re-checked (a suspended driver's end).
  await deps.bus.accessChanged(driverId);
  const driver = await findDriver(deps.db, driverId);
  return { driver: driver!, message: DRIVER_STATUS_MESSAGES[result.to as keyof typeof DRIVER_STATUS_MESSAGES] };
}

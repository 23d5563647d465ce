import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminOutboxItem } from '../../../domain/contracts/admin/notifications-endpoints';
import { AppError } from '../../../domain/errors';
import { notificationKindLabel, notificationRecipientLabel } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { notificationOutbox } from '../../db/schema/index';
import { OUTBOX_CHANNEL, outboxStatusOf } from '../../platform/notify/outbox-worker';
import { type AuditActor, recordAudit } from '../audit';

type Row = typeof notificationOutbox.$inferSelect;

function itemOf(r: Row): AdminOutboxItem {
  return {
    id: r.id,
    kind: r.eventKind,
    kindLabel: notificationKindLabel(r.eventKind),
    channel: r.channel,
    recipient: notificationRecipientLabel(r),
    title: r.payload.title,
    status: outboxStatusOf(r),
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Failed and pending sends, newest first (docs/product/admin.md#notifications). */
export async function listOutbox(db: Db, status?: 'failed' | 'pending') {
  // Pending includes the rows a worker is sending (pending under a lease, shown as `sending`).
  const statuses = status ? ([status] as const) : (['failed', 'pending'] as const);
  const rows = await db
    .select()
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.status, [...statuses]))
    .orderBy(desc(notificationOutbox.createdAt))
    .limit(200);
  const counts = await db
    .select({ status: notificationOutbox.status, n: count() })
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.status, ['failed', 'pending']))
    .groupBy(notificationOutbox.status);
  const n = (s: string) => counts.filter((c) => c.status === s).reduce((a, c) => a + Number(c.n), 0);
  return { items: rows.map(itemOf), counts: { pending: n('pending'), failed: n('failed') } };
}

/**
 * Puts one failed, skipped or pending send back in the queue, due now, and wakes the workers; the
 * audit log records who did it. A row being sent or already sent cannot be retried (409).
 */
export async function retryOutboxRow(db: Db, id: string, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    const status = outboxStatusOf(row);
    if (status === 'sent' || status === 'sending') {
      throw new AppError('CONFLICT', `This notification is ${status === 'sent' ? 'already sent' : 'being sent'}`);
    }
    // A lapsed lease is dropped with it: the row is due now, for any worker.
    const [updated] = await tx
      .update(notificationOutbox)
      .set({ status: 'pending', nextAttemptAt: new Date(), updatedAt: new Date(), leasedUntil: null, leaseToken: null })
      .where(and(eq(notificationOutbox.id, id)))
      .returning();
    await recordAudit(tx, {
      actionType: 'notification_retried',
      entityType: 'notification',
      entityId: id,
      actor,
      details: {
        kind: row.eventKind,
        channel: row.channel,
        from: status,
        attempts: row.attempts,
        lastError: row.lastError,
      },
    });
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    return { item: itemOf(updated) };
  });
}

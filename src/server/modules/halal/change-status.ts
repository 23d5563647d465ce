import { eq } from 'drizzle-orm';
import type { HalalStatus } from '../../../domain/halal';
import { topicName } from '../../../domain/topics';
import type { DbOrTx } from '../../db/client';
import { halalStatusHistory, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { halalColumns } from './halal-status-sql';

/** A halal status change to publish once its transaction has committed. */
export type HalalStatusEvent = {
  siteId: string;
  fromStatus: HalalStatus;
  toStatus: HalalStatus;
  reason: string;
  lastVerifiedAt: string | null;
};

/**
 * Locks a location's row for a halal change: every write that can move its derived status
 * (a certificate decision, an expiry, a suspension) takes this lock first, then the certificate's,
 * so two changes to one location never read each other's half-done state.
 */
export async function lockSite(tx: DbOrTx, siteId: string) {
  const [site] = await tx
    .select({ id: sites.id, name: sites.name, halalSuspendedAt: sites.halalSuspendedAt })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  return site ?? null;
}

/** A location's derived halal status and last verification on `today` (halal-status-sql.ts). */
export async function siteHalalState(
  tx: DbOrTx,
  siteId: string,
  today: string,
): Promise<{ halalStatus: HalalStatus; lastVerifiedAt: Date | null }> {
  const [row] = await tx.select(halalColumns(today)).from(sites).where(eq(sites.id, siteId));
  return row;
}

/**
 * Records a move of the derived status inside the caller's transaction (after the change that
 * caused it): the history row and the audit row commit with the change. Nothing is written
 * when the status did not move; the event to publish is returned otherwise.
 */
export async function recordHalalMove(
  tx: DbOrTx,
  siteId: string,
  move: { from: HalalStatus; to: HalalStatus; lastVerifiedAt: Date | null; reason: string },
  actor: AuditActor | null,
  details: Record<string, unknown> = {},
): Promise<HalalStatusEvent | null> {
  if (move.from === move.to) return null;
  await tx.insert(halalStatusHistory).values({
    siteId,
    fromStatus: move.from,
    toStatus: move.to,
    reason: move.reason,
    actorId: actor?.userId ?? null,
    actorName: actor?.name ?? 'System',
  });
  await recordAudit(tx, {
    actionType: 'halal_status_changed',
    entityType: 'site',
    entityId: siteId,
    actor,
    details: { from: move.from, to: move.to, reason: move.reason, ...details },
  });
  return {
    siteId,
    fromStatus: move.from,
    toStatus: move.to,
    reason: move.reason,
    lastVerifiedAt: move.lastVerifiedAt ? move.lastVerifiedAt.toISOString() : null,
  };
}

/**
 * Runs `change` on a locked location and records the move of its derived status, if any.
 * `before` is the status the change is measured from (today's, unless the caller knows better:
 * the expiry sweeper measures from the certificate's last valid day).
 */
export async function withHalalMove<T>(
  tx: DbOrTx,
  siteId: string,
  today: string,
  change: () => Promise<T>,
  describe: (result: T) => { reason: string; actor: AuditActor | null; details?: Record<string, unknown> },
  before?: HalalStatus,
): Promise<{ result: T; event: HalalStatusEvent | null }> {
  const from = before ?? (await siteHalalState(tx, siteId, today)).halalStatus;
  const result = await change();
  const after = await siteHalalState(tx, siteId, today);
  const d = describe(result);
  const event = await recordHalalMove(
    tx,
    siteId,
    { from, to: after.halalStatus, lastVerifiedAt: after.lastVerifiedAt, reason: d.reason },
    d.actor,
    d.details,
  );
  return { result, event };
}

/** Tells admins and the location's staff, after commit. */
export async function publishHalalStatus(bus: LiveBus, events: readonly (HalalStatusEvent | null)[]): Promise<void> {
  for (const e of events) {
    if (!e) continue;
    const data = { siteId: e.siteId, fromStatus: e.fromStatus, toStatus: e.toStatus, lastVerifiedAt: e.lastVerifiedAt };
    await bus.publish(topicName.admin, 'halal.status', data);
    await bus.publish(topicName.site(e.siteId), 'halal.status', data);
  }
}

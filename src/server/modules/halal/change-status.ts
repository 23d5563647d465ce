import { and, eq, inArray } from 'drizzle-orm';
import type { HalalStatus } from '../../../domain/halal';
import { topicName } from '../../../domain/topics';
import type { DbOrTx } from '../../db/client';
import { halalCertificates, halalStatusHistory, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';

/** A halal status change to publish once its transaction has committed. */
export type HalalStatusEvent = {
  siteId: string;
  fromStatus: HalalStatus;
  toStatus: HalalStatus;
  reason: string;
  lastVerifiedAt: string | null;
};

/** Locks a location's row for a halal change (every change to halal_status goes through it). */
export async function lockSite(tx: DbOrTx, siteId: string) {
  const [site] = await tx
    .select({ id: sites.id, halalStatus: sites.halalStatus, lastVerifiedAt: sites.lastVerifiedAt, name: sites.name })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for('update');
  return site ?? null;
}

/** What the location's certificates support today: a current approved one, and whether it ever had one approved. */
export async function certificateContext(tx: DbOrTx, siteId: string, today: string) {
  const approved = await tx
    .select({ status: halalCertificates.status, expiresOn: halalCertificates.expiresOn })
    .from(halalCertificates)
    .where(and(eq(halalCertificates.siteId, siteId), inArray(halalCertificates.status, ['approved', 'expired'])));
  return {
    hasCurrentCertificate: approved.some((c) => c.status === 'approved' && c.expiresOn >= today),
    everApproved: approved.length > 0,
  };
}

/**
 * Moves a location's halal status inside the caller's transaction (the site row already locked
 * by lockSite): the site, its status history and the audit log change together.
 */
export async function applyHalalStatus(
  tx: DbOrTx,
  site: { id: string; halalStatus: HalalStatus; lastVerifiedAt: Date | null },
  to: HalalStatus,
  reason: string,
  actor: AuditActor | null,
  opts: { verifiedNow?: Date; details?: Record<string, unknown> } = {},
): Promise<HalalStatusEvent> {
  const lastVerifiedAt = opts.verifiedNow ?? site.lastVerifiedAt;
  await tx.update(sites).set({ halalStatus: to, lastVerifiedAt, updatedAt: new Date() }).where(eq(sites.id, site.id));
  await tx.insert(halalStatusHistory).values({
    siteId: site.id,
    fromStatus: site.halalStatus,
    toStatus: to,
    reason,
    actorId: actor?.userId ?? null,
    actorName: actor?.name ?? 'System',
  });
  await recordAudit(tx, {
    actionType: 'halal_status_changed',
    entityType: 'site',
    entityId: site.id,
    actor,
    details: { from: site.halalStatus, to, reason, ...opts.details },
  });
  return {
    siteId: site.id,
    fromStatus: site.halalStatus,
    toStatus: to,
    reason,
    lastVerifiedAt: lastVerifiedAt ? lastVerifiedAt.toISOString() : null,
  };
}

/** Tells admins and the location's staff, after commit. */
export async function publishHalalStatus(bus: LiveBus, events: readonly HalalStatusEvent[]): Promise<void> {
  for (const e of events) {
    const data = { siteId: e.siteId, fromStatus: e.fromStatus, toStatus: e.toStatus, lastVerifiedAt: e.lastVerifiedAt };
    await bus.publish(topicName.admin, 'halal.status', data);
    await bus.publish(topicName.site(e.siteId), 'halal.status', data);
  }
}

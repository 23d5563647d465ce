import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { londonDate } from '../../domain/halal-facts';
import type { Db } from '../db/client';
import { halalCertificates } from '../db/schema/index';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';
import { recordAudit } from '../modules/audit';
import { type HalalStatusEvent, lockSite, publishHalalStatus, siteHalalState, withHalalMove } from '../modules/halal';

/** Certificates claimed per run; a backlog drains over the following runs. */
const BATCH = 100;
/** Certificates expire by London date; checking every ten minutes catches midnight promptly. */
export const CERTIFICATE_CHECK_INTERVAL_MS = 10 * 60_000;

type Deps = { db: Db; bus: LiveBus };

/**
 * One pass: every approved certificate past its last valid day becomes expired, with its audit
 * row. The status a customer sees never waits for this pass: it is derived from the certificates
 * and the London date (docs/decisions/0100-halal-status-derived.md), so it became "Verification Pending" at midnight.
 * The pass records that move in the location's history, measured from the certificate's last
 * valid day (when the location was still verified), and tells admins and the location's staff. Certificates are claimed with FOR UPDATE SKIP LOCKED and
 * re-checked as approved, so two processes running at once move each one exactly once.
 */
export async function runCertificateExpiryOnce(
  deps: Deps,
  now: Date = new Date(),
): Promise<{ expired: number; statusChanges: number }> {
  const today = londonDate(now);
  const events: (HalalStatusEvent | null)[] = [];
  let expired = 0;
  await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: halalCertificates.id,
        siteId: halalCertificates.siteId,
        certificateNumber: halalCertificates.certificateNumber,
        expiresOn: halalCertificates.expiresOn,
      })
      .from(halalCertificates)
      .where(and(eq(halalCertificates.status, 'approved'), lt(halalCertificates.expiresOn, today)))
      .orderBy(halalCertificates.expiresOn)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const cert of due) {
      const site = await lockSite(tx, cert.siteId);
      const before = site ? (await siteHalalState(tx, cert.siteId, cert.expiresOn)).halalStatus : null;
      await tx
        .update(halalCertificates)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(halalCertificates.id, cert.id));
      expired++;
      await recordAudit(tx, {
        actionType: 'halal_certificate_expired',
        entityType: 'halal_certificate',
        entityId: cert.id,
        actor: null,
        details: { siteId: cert.siteId, certificateNumber: cert.certificateNumber, expiresOn: cert.expiresOn },
      });
      if (!site || !before) continue;
      const { event } = await withHalalMove(
        tx,
        site.id,
        today,
        async () => undefined,
        () => ({
          reason: `Certificate ${cert.certificateNumber} expired on ${cert.expiresOn}`,
          actor: null,
          details: { certificateId: cert.id },
        }),
        before,
      );
      events.push(event);
    }
  });
  await publishHalalStatus(deps.bus, events);
  return { expired, statusChanges: events.filter(Boolean).length };
}

/**
 * Runs the pass on an interval until stopped, the first one 5 seconds after start (a certificate
 * that expired while the server was down moves at once); passes never overlap in this process.
 */
export function startCertificateExpirySweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = CERTIFICATE_CHECK_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({
    name: 'certificate-expiry',
    intervalMs,
    firstPassAfterMs: 5_000,
    pass: () => runCertificateExpiryOnce(deps),
    log,
  });
}

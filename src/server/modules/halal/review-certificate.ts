import { eq } from 'drizzle-orm';
import type { AdminCertificateView } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { isCertificateCurrent, londonDate, nextHalalStatus } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { halalCertificates } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { recordAudit } from '../audit';
import {
  type HalalStatusEvent,
  applyHalalStatus,
  certificateContext,
  lockSite,
  publishHalalStatus,
} from './change-status';
import { getAdminCertificate } from './list-certificates';

export type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * A halal verifier approves or rejects a pending certificate. Approval verifies the location
 * (last_verified_at now) unless it is suspended; the certificate, the status, its history and the
 * audit rows commit together. Only a pending certificate can be decided (409 otherwise).
 */
export async function reviewCertificate(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  certificateId: string,
  review: Review,
  now = new Date(),
): Promise<AdminCertificateView> {
  const who = { userId: actor.userId, name: actor.name };
  const events: HalalStatusEvent[] = [];
  const siteId = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ siteId: halalCertificates.siteId })
      .from(halalCertificates)
      .where(eq(halalCertificates.id, certificateId));
    if (!found) throw new AppError('NOT_FOUND', 'Certificate not found');
    // Site first, then certificate: the same lock order as the expiry sweeper.
    const site = await lockSite(tx, found.siteId);
    if (!site) throw new AppError('NOT_FOUND', 'Certificate not found');
    const [cert] = await tx
      .select()
      .from(halalCertificates)
      .where(eq(halalCertificates.id, certificateId))
      .for('update');
    if (cert.status !== 'pending') throw new AppError('CONFLICT', `This certificate has already been ${cert.status}`);
    const today = londonDate(now);
    if (
      review.decision === 'approve' &&
      !isCertificateCurrent({ status: 'approved', expiresOn: cert.expiresOn }, today)
    ) {
      throw new AppError('CONFLICT', 'This certificate has expired; ask the partner for a current one');
    }
    await tx
      .update(halalCertificates)
      .set({
        status: review.decision === 'approve' ? 'approved' : 'rejected',
        reviewedBy: actor.userId,
        reviewedAt: now,
        rejectionReason: review.decision === 'reject' ? review.reason : null,
        updatedAt: now,
      })
      .where(eq(halalCertificates.id, certificateId));
    await recordAudit(tx, {
      actionType: review.decision === 'approve' ? 'halal_certificate_approved' : 'halal_certificate_rejected',
      entityType: 'halal_certificate',
      entityId: certificateId,
      actor: who,
      details: {
        siteId: site.id,
        certificateNumber: cert.certificateNumber,
        ...(review.decision === 'reject' ? { reason: review.reason } : {}),
      },
    });
    if (review.decision === 'approve') {
      const to = nextHalalStatus(site.halalStatus, 'approve', await certificateContext(tx, site.id, today));
      const reason = `Certificate ${cert.certificateNumber} approved`;
      if (to)
        events.push(
          await applyHalalStatus(tx, site, to, reason, who, { verifiedNow: now, details: { certificateId } }),
        );
      else if (site.halalStatus === 'verified') {
        // Already verified (a renewal): the new certificate still counts as a fresh verification.
        events.push(
          await applyHalalStatus(tx, site, 'verified', reason, who, { verifiedNow: now, details: { certificateId } }),
        );
      }
    }
    return site.id;
  });
  await publishHalalStatus(deps.bus, events);
  await deps.bus.publish(topicName.site(siteId), 'halal.certificate', {
    certificateId,
    siteId,
    status: review.decision === 'approve' ? 'approved' : 'rejected',
  });
  await deps.bus.publish(topicName.admin, 'halal.certificate', {
    certificateId,
    siteId,
    status: review.decision === 'approve' ? 'approved' : 'rejected',
  });
  return getAdminCertificate(deps.db, certificateId);
}

import { eq } from 'drizzle-orm';
import type { AdminCertificateView } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { isCertificateCurrent, londonDate } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { halalCertificates } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { recordAudit } from '../audit';
import { notifyCertificateDecision } from '../notifications';
import { type HalalStatusEvent, lockSite, publishHalalStatus, withHalalMove } from './change-status';
import { getAdminCertificate } from './list-certificates';

export type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * A halal verifier approves or rejects a pending certificate. The location's status follows from
 * its certificates (docs/decisions/0100-halal-status-derived.md): an approval verifies it unless it is suspended, and a
 * rejection leaves it as its other certificates say. The certificate, the move of the status in
 * its history and the audit rows commit together. Only a pending certificate can be decided (409
 * otherwise).
 */
export async function reviewCertificate(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  certificateId: string,
  review: Review,
  now = new Date(),
): Promise<AdminCertificateView> {
  const who = { userId: actor.userId, name: actor.name };
  const events: (HalalStatusEvent | null)[] = [];
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
    const { event } = await withHalalMove(
      tx,
      site.id,
      today,
      () =>
        tx
          .update(halalCertificates)
          .set({
            status: review.decision === 'approve' ? 'approved' : 'rejected',
            reviewedBy: actor.userId,
            reviewedAt: now,
            rejectionReason: review.decision === 'reject' ? review.reason : null,
            updatedAt: now,
          })
          .where(eq(halalCertificates.id, certificateId)),
      () => ({
        reason: `Certificate ${cert.certificateNumber} ${review.decision === 'approve' ? 'approved' : 'rejected'}`,
        actor: who,
        details: { certificateId },
      }),
    );
    events.push(event);
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
    await notifyCertificateDecision(tx, {
      certificateId,
      siteId: site.id,
      certificateNumber: cert.certificateNumber,
      decision: review.decision === 'approve' ? 'approved' : 'rejected',
      ...(review.decision === 'reject' ? { reason: review.reason } : {}),
    });
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

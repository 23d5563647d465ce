import { and, eq } from 'drizzle-orm';
import type { CertificateView, SubmitCertificateBody } from '../../../domain/contracts/halal/partner-halal';
import { AppError } from '../../../domain/errors';
import { certificateDatesProblem, londonDate } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db, DbOrTx } from '../../db/client';
import { halalCertificates, uploads } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { recordAudit } from '../audit';
import { toCertificateView } from './certificate-rows';
import { lockSite, publishHalalStatus, withHalalMove } from './change-status';
import { requireSiteStaff } from './partner-site';
import { requireSiteItems } from './site-items';

/**
 * A partner submits a certificate for review. Only an approval by a halal verifier can make a
 * location verified (docs/decisions/0070-halal-trust.md); a first certificate awaiting review makes a
 * self-declared location "Verification Pending" (the derived status, docs/decisions/0100-halal-status-derived.md), and
 * that move is recorded in its history. The document must be the caller's own
 * halal_certificate upload, so nobody can attach someone else's file.
 */
export async function submitCertificate(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
  body: SubmitCertificateBody,
  now = new Date(),
): Promise<CertificateView> {
  await requireSiteStaff(deps.db, actor.userId, siteId);
  const problem = certificateDatesProblem(body.issuedOn, body.expiresOn, londonDate(now));
  if (problem) throw new AppError('VALIDATION_ERROR', problem.message, { field: problem.field });
  const [upload] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(eq(uploads.id, body.uploadId), eq(uploads.ownerId, actor.userId), eq(uploads.purpose, 'halal_certificate')),
    );
  if (!upload) throw new AppError('VALIDATION_ERROR', 'Upload the certificate document first', { field: 'uploadId' });
  const itemIds = body.scope === 'listed_items' ? await requireSiteItems(deps.db, siteId, body.itemIds, 'itemIds') : [];
  const today = londonDate(now);
  const actorRef = { userId: actor.userId, name: actor.name };
  const { row, event } = await deps.db.transaction(async (tx) => {
    if (!(await lockSite(tx, siteId))) throw new AppError('NOT_FOUND', 'Location not found');
    const { result: inserted, event } = await withHalalMove(
      tx,
      siteId,
      today,
      () => insertCertificate(tx),
      (c) => ({
        reason: `Certificate ${c.certificateNumber} submitted for review`,
        actor: actorRef,
        details: { certificateId: c.id },
      }),
    );
    await recordAudit(tx, {
      actionType: 'halal_certificate_submitted',
      entityType: 'halal_certificate',
      entityId: inserted.id,
      actor: actorRef,
      details: { siteId, certificateNumber: body.certificateNumber, expiresOn: body.expiresOn, scope: body.scope },
    });
    return { row: inserted, event };
  });
  await publishHalalStatus(deps.bus, [event]);
  await deps.bus.publish(topicName.admin, 'halal.certificate', { certificateId: row.id, siteId, status: row.status });
  return toCertificateView(row);

  async function insertCertificate(tx: DbOrTx) {
    const [inserted] = await tx
      .insert(halalCertificates)
      .values({
        siteId,
        certifyingBody: body.certifyingBody,
        certifyingBodyOther: body.certifyingBody === 'other' ? (body.certifyingBodyOther ?? null) : null,
        certificateNumber: body.certificateNumber,
        issuedOn: body.issuedOn,
        expiresOn: body.expiresOn,
        uploadId: upload.id,
        scope: body.scope,
        itemIds,
        submittedBy: actor.userId,
      })
      .returning();
    return inserted;
  }
}

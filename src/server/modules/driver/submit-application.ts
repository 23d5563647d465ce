import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SubmitApplicationBody } from '../../../domain/contracts/driver/application';
import type { DriverProfile } from '../../../domain/contracts/driver/get-profile';
import { APPLICATION_MESSAGES, applicationProblem, needsInsurance } from '../../../domain/driver-application';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { driverDocuments, uploads, userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { toDriverProfile } from './driver-profile';
import { getSettings } from '../settings';
import { storedPhone } from '../../../domain/phone';

type DocumentKind = (typeof driverDocuments.$inferInsert)['kind'];

/**
 * The driver's application (docs/product/driver.md#onboarding): checked with the same rules the form
 * uses, the documents must be the caller's own private driver_document uploads, and the profile,
 * its documents and the pending status are written in one transaction. Admins hear of it on
 * `admin`; the driver's other tabs on `user:{id}`.
 */
export async function submitApplication(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  body: SubmitApplicationBody,
): Promise<DriverProfile> {
  const input = {
    ...body,
    vehicleType: body.vehicleType ?? null,
    photoIdUploadId: body.photoIdUploadId ?? null,
    rightToWorkUploadId: body.rightToWorkUploadId ?? null,
    insuranceUploadId: body.insuranceUploadId ?? null,
  };
  const problem = applicationProblem(input);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);

  const documents: { kind: DocumentKind; uploadId: string }[] = [
    { kind: 'photo_id', uploadId: input.photoIdUploadId! },
    { kind: 'right_to_work', uploadId: input.rightToWorkUploadId! },
  ];
  // A bike needs no insurance; one sent anyway is kept with the application.
  if (input.insuranceUploadId) documents.push({ kind: 'insurance', uploadId: input.insuranceUploadId });
  const ids = documents.map((d) => d.uploadId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_ERROR', APPLICATION_MESSAGES.documents);

  const profile = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId)).for('update');
    if (!current || current.userType !== 'driver') throw new AppError('NOT_FOUND', 'Driver profile not found');
    if (current.status !== null) throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadySubmitted);

    const owned = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, userId), eq(uploads.purpose, 'driver_document')));
    if (owned.length !== ids.length) {
      const missingInsurance =
        needsInsurance(input.vehicleType) && !owned.some((o) => o.id === input.insuranceUploadId);
      const missingRequired =
        !owned.some((o) => o.id === input.photoIdUploadId) || !owned.some((o) => o.id === input.rightToWorkUploadId);
      throw new AppError(
        'VALIDATION_ERROR',
        !missingRequired && missingInsurance ? APPLICATION_MESSAGES.insurance : APPLICATION_MESSAGES.documents,
      );
    }

    const now = new Date();
    // The application's accepted terms are the platform's current version (docs/decisions/0154-terms-acceptance.md).
    const { terms_version: termsVersion } = await getSettings(tx);
    const [updated] = await tx
      .update(userProfiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: `${input.firstName} ${input.lastName}`,
        phone: storedPhone(input.phone),
        vehicleType: input.vehicleType!,
        drivingLicenceNumber: input.drivingLicenceNumber.toUpperCase(),
        status: 'pending',
        termsVersion,
        termsAcceptedAt: now,
        updatedAt: now,
      })
      .where(eq(userProfiles.userId, userId))
      .returning();
    await tx
      .insert(driverDocuments)
      .values(documents.map((d) => ({ driverId: userId, kind: d.kind, uploadId: d.uploadId, createdAt: now })))
      .onConflictDoUpdate({
        target: [driverDocuments.driverId, driverDocuments.kind],
        set: { uploadId: sql`excluded.upload_id`, createdAt: now },
      });
    return updated;
  });

  await deps.bus.publish(topicName.admin, 'driver.applied', { driverId: userId });
  await deps.bus.publish(topicName.user(userId), 'driver.status', { driverId: userId, status: 'pending' });
  return toDriverProfile(profile);
}

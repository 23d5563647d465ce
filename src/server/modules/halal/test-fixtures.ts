import { eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/policies';
import { halalCertificates } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import { storeUpload } from '../uploads/store-upload';

export const CERT_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

/** A date n days from today, YYYY-MM-DD (UTC is close enough for dates months apart). */
export function daysFromNow(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** A partner's certificate document, stored through the upload code. */
export async function uploadCertificate(t: TestApp, partner: { id: string; email: string }): Promise<string> {
  const actor: Actor = {
    userId: partner.id,
    email: partner.email,
    name: partner.email,
    userType: 'partner',
    status: null,
    adminRole: null,
  };
  return (
    await storeUpload({ db: t.database.db, storage: t.app.deps.uploadStorage }, actor, 'halal_certificate', CERT_PDF)
  ).id;
}

export function certificateBody(uploadId: string, overrides: Record<string, unknown> = {}) {
  return {
    certifyingBody: 'hmc',
    certificateNumber: `HMC-${Math.floor(Math.random() * 1e6)}`,
    issuedOn: daysFromNow(-30),
    expiresOn: daysFromNow(335),
    uploadId,
    scope: 'whole_menu',
    ...overrides,
  };
}

/** Backdates a certificate's expiry (the check constraint wants issued_on <= expires_on). */
export async function expireOn(t: TestApp, certificateId: string, date: string) {
  await t.database.db
    .update(halalCertificates)
    .set({ issuedOn: '2020-01-01', expiresOn: date })
    .where(eq(halalCertificates.id, certificateId));
}

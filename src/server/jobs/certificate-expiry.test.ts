import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '../../domain/halal-facts';
import { auditLog, halalCertificates, halalStatusHistory } from '../db/schema/index';
import { siteHalalState } from '../modules/halal';
import { type Caller, adminsOfEveryRole, call } from '../modules/admin/test-fixtures';
import { certificateBody, expireOn, uploadCertificate } from '../modules/halal/test-fixtures';
import { type PartnerWorld, partnerWorld } from '../modules/partner/test-fixtures';
import { type TestApp, createTestApp } from '../test/test-app';
import { runCertificateExpiryOnce } from './certificate-expiry';

let t: TestApp;
let w: PartnerWorld;
let verifier: Caller;

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  verifier = (await adminsOfEveryRole(t)).ops_manager;
});
afterAll(async () => t.close());

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });
async function approvedCertificate(siteId: string): Promise<string> {
  const uploadId = await uploadCertificate(t, w.owner);
  const cert = (
    await call(t, w.owner, 'POST', `/api/partner/sites/${siteId}/halal/certificates`, certificateBody(uploadId))
  ).json();
  expect((await call(t, verifier, 'POST', `/api/admin/halal/certificates/${cert.id}/approve`)).statusCode).toBe(200);
  return cert.id;
}
const siteStatus = async (id: string) => (await siteHalalState(t.database.db, id, londonDate(new Date()))).halalStatus;

describe('certificate expiry sweeper', () => {
  it('moves a verified location to temp-unverified exactly once, even with two runs at once', async () => {
    const certId = await approvedCertificate(w.a1.id);
    expect(await siteStatus(w.a1.id)).toBe('verified');
    // Current on its last day: nothing moves.
    await expireOn(t, certId, '2099-12-31');
    expect((await runCertificateExpiryOnce(deps())).expired).toBe(0);

    await expireOn(t, certId, '2021-03-31');
    // The status lapses with the date itself, before any sweep (docs/decisions/0100-halal-status-derived.md).
    expect(await siteStatus(w.a1.id)).toBe('temp-unverified');
    const results = await Promise.all([runCertificateExpiryOnce(deps()), runCertificateExpiryOnce(deps())]);
    expect(results.reduce((n, r) => n + r.statusChanges, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(await siteStatus(w.a1.id)).toBe('temp-unverified');
    const [cert] = await t.database.db.select().from(halalCertificates).where(eq(halalCertificates.id, certId));
    expect(cert.status).toBe('expired');
    const history = await t.database.db
      .select()
      .from(halalStatusHistory)
      .where(and(eq(halalStatusHistory.siteId, w.a1.id), eq(halalStatusHistory.fromStatus, 'verified')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: 'verified', actorName: 'System' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, certId), eq(auditLog.actionType, 'halal_certificate_expired')));
    expect(audits).toHaveLength(1);
    // A third run finds nothing to do.
    expect(await runCertificateExpiryOnce(deps())).toEqual({ expired: 0, statusChanges: 0 });
  });

  it('keeps a location verified while another approved certificate is current', async () => {
    const old = await approvedCertificate(w.a2.id);
    await approvedCertificate(w.a2.id);
    await expireOn(t, old, '2021-01-31');
    expect(await runCertificateExpiryOnce(deps())).toEqual({ expired: 1, statusChanges: 0 });
    expect(await siteStatus(w.a2.id)).toBe('verified');
  });

  it('leaves a suspended location suspended when its certificate expires', async () => {
    const uploadId = await uploadCertificate(t, w.other);
    const cert = (
      await call(t, w.other, 'POST', `/api/partner/sites/${w.b1.id}/halal/certificates`, certificateBody(uploadId))
    ).json();
    await call(t, verifier, 'POST', `/api/admin/halal/certificates/${cert.id}/approve`);
    await call(t, verifier, 'POST', `/api/admin/halal/sites/${w.b1.id}/suspend`, {
      reason: 'Concern under investigation',
    });
    await expireOn(t, cert.id, '2021-01-31');
    expect(await runCertificateExpiryOnce(deps())).toEqual({ expired: 1, statusChanges: 0 });
    expect(await siteStatus(w.b1.id)).toBe('suspended');
  });
});

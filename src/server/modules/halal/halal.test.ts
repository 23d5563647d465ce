import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, halalStatusHistory, menuItems, menuSections, menus, tickets } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { multipartFile } from '../../test/multipart';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call, listen } from '../admin/test-fixtures';
import { type PartnerWorld, partnerWorld } from '../partner/test-fixtures';
import { londonDate } from '../../../domain/halal-facts';
import { siteHalalState } from './change-status';
import { CERT_PDF, certificateBody, daysFromNow, uploadCertificate } from './test-fixtures';

let t: TestApp;
let w: PartnerWorld;
let admins: Record<AdminRole, Caller>;
let base: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await partnerWorld(t);
  admins = await adminsOfEveryRole(t);
  base = await listen(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

/** The derived status (s) and last verification (v) of a location today. */
const status = async (siteId: string) => {
  const { halalStatus, lastVerifiedAt } = await siteHalalState(t.database.db, siteId, londonDate(new Date()));
  return { s: halalStatus, v: lastVerifiedAt };
};
async function submit(who: Caller, siteId: string, overrides: Record<string, unknown> = {}) {
  const uploadId = await uploadCertificate(t, who);
  return call(t, who, 'POST', `/api/partner/sites/${siteId}/halal/certificates`, certificateBody(uploadId, overrides));
}

describe('certificates from partners', () => {
  it('uploads a certificate document as a private halal_certificate through /api/uploads', async () => {
    const file = multipartFile(CERT_PDF, 'cert.pdf', 'application/pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?purpose=halal_certificate',
      headers: { cookie: w.owner.cookie, ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().url;
    expect((await call(t, w.owner, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, admins.ops_manager, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, admins.cs_agent, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, w.other, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(404);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?purpose=halal_certificate',
      headers: { cookie: w.customer.cookie, ...file.headers },
      payload: file.payload,
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('lets the owner, the brand admin and the site manager of that site submit; pending, never verified', async () => {
    expect(await status(w.a1.id)).toEqual({ s: 'self-declared', v: null });
    for (const who of [w.owner, w.admin, w.manager]) {
      const res = await submit(who, w.a1.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending', certifyingBodyName: 'Halal Monitoring Committee' });
    }
    // A certificate awaiting review: "Verification Pending" (docs/decisions/0100-halal-status-derived.md), recorded once.
    expect(await status(w.a1.id)).toEqual({ s: 'temp-unverified', v: null });
    const moves = await t.database.db.select().from(halalStatusHistory).where(eq(halalStatusHistory.siteId, w.a1.id));
    expect(moves).toMatchObject([{ fromStatus: 'self-declared', toStatus: 'temp-unverified' }]);
    const list = (await call(t, w.manager, 'GET', `/api/partner/sites/${w.a1.id}/halal`)).json();
    expect(list.certificates).toHaveLength(3);
    expect(list.certificates.every((c: { status: string }) => c.status === 'pending')).toBe(true);
  });

  it("hides another brand's location (404) and a site the manager does not run (404)", async () => {
    expect((await submit(w.other, w.a1.id)).statusCode).toBe(404);
    expect((await call(t, w.other, 'GET', `/api/partner/sites/${w.a1.id}/halal`)).statusCode).toBe(404);
    expect((await submit(w.manager, w.a2.id)).statusCode).toBe(404);
    expect((await call(t, w.customer, 'GET', `/api/partner/sites/${w.a1.id}/halal`)).statusCode).toBe(403);
  });

  it("refuses a halal status sent by a partner, and someone else's upload", async () => {
    const before = (await status(w.a2.id)).s;
    const uploadId = await uploadCertificate(t, w.owner);
    const res = await call(t, w.owner, 'POST', `/api/partner/sites/${w.a2.id}/halal/certificates`, {
      ...certificateBody(uploadId),
      halalStatus: 'verified',
    });
    expect(res.statusCode).toBe(400);
    const facts = await call(t, w.owner, 'PUT', `/api/partner/sites/${w.a2.id}/halal/facts`, {
      alcoholServed: false,
      porkOnPremises: false,
      slaughterMethod: 'hand_slaughtered',
      halalScope: 'whole_menu',
      halalStatus: 'verified',
    });
    expect(facts.statusCode).toBe(400);
    expect((await status(w.a2.id)).s).toBe(before);
    const foreign = await uploadCertificate(t, w.other);
    const refused = await call(
      t,
      w.owner,
      'POST',
      `/api/partner/sites/${w.a2.id}/halal/certificates`,
      certificateBody(foreign),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([
      { in: 'body', path: 'uploadId', message: 'Upload the certificate document first' },
    ]);
  });

  it('refuses impossible dates and an unnamed other body', async () => {
    // Each refusal names the date to correct, so the form shows it beside that field.
    expect(
      (await submit(w.owner, w.a2.id, { issuedOn: daysFromNow(10), expiresOn: daysFromNow(5) })).json().error,
    ).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The expiry date must be after the issue date',
      fields: [{ in: 'body', path: 'expiresOn', message: 'The expiry date must be after the issue date' }],
    });
    const expired = await submit(w.owner, w.a2.id, { issuedOn: '2020-01-01', expiresOn: '2020-12-31' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields).toEqual([
      { in: 'body', path: 'expiresOn', message: 'This certificate has already expired' },
    ]);
    expect((await submit(w.owner, w.a2.id, { certifyingBody: 'other' })).statusCode).toBe(400);
    const named = await submit(w.owner, w.a2.id, { certifyingBody: 'other', certifyingBodyOther: 'Shariah Board UK' });
    expect(named.json().certifyingBodyName).toBe('Shariah Board UK');
  });
});

describe('verification', () => {
  it('is for super admins and operations managers only', async () => {
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/halal/certificates')).statusCode, role).toBe(403);
      expect(
        (await call(t, admins[role], 'POST', `/api/admin/halal/certificates/${w.a1.id}/approve`)).statusCode,
        role,
      ).toBe(403);
      expect(
        (await call(t, admins[role], 'POST', `/api/admin/halal/sites/${w.a1.id}/suspend`, { reason: 'test' }))
          .statusCode,
        role,
      ).toBe(403);
    }
    expect((await call(t, w.owner, 'GET', '/api/admin/halal/certificates')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/admin/halal/certificates')).statusCode).toBe(401);
  });

  it('approves a self-declared location to verified with last_verified_at, history, audit and live events', async () => {
    const db = t.database.db;
    expect((await status(w.b1.id)).s).toBe('self-declared');
    const adminStream = await openStream(base, '/api/events?topics=admin', admins.ops_manager.cookie);
    const siteStream = await openStream(base, `/api/events?topics=site:${w.b1.id}`, w.other.cookie);
    streams.push(adminStream, siteStream);
    const cert = (await submit(w.other, w.b1.id)).json();
    expect((await status(w.b1.id)).s).toBe('temp-unverified');
    const queue = (await call(t, admins.ops_manager, 'GET', '/api/admin/halal/certificates')).json();
    const entry = queue.certificates.find((c: { id: string }) => c.id === cert.id);
    expect(entry).toMatchObject({ siteId: w.b1.id, contentType: 'application/pdf' });
    const preview = await call(t, admins.ops_manager, 'GET', entry.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");

    const res = await call(t, admins.ops_manager, 'POST', `/api/admin/halal/certificates/${cert.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certificate).toMatchObject({ status: 'approved', reviewedByName: 'ops_manager person' });
    const after = await status(w.b1.id);
    expect(after.s).toBe('verified');
    expect(after.v).not.toBeNull();
    const history = await db.select().from(halalStatusHistory).where(eq(halalStatusHistory.siteId, w.b1.id));
    expect(history).toMatchObject([
      { fromStatus: 'self-declared', toStatus: 'temp-unverified' },
      { fromStatus: 'temp-unverified', toStatus: 'verified', actorName: 'ops_manager person' },
    ]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, cert.id));
    expect(audits.map((a) => a.actionType).sort()).toEqual([
      'halal_certificate_approved',
      'halal_certificate_submitted',
    ]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.b1.id), eq(auditLog.actionType, 'halal_status_changed'))),
    ).toHaveLength(2);
    await adminStream.waitFor((e) => e.type === 'halal.status' && (e.data as { siteId: string }).siteId === w.b1.id);
    await siteStream.waitFor((e) => e.type === 'halal.status');
    // Decided once only.
    expect(
      (await call(t, admins.super_admin, 'POST', `/api/admin/halal/certificates/${cert.id}/reject`, { reason: 'late' }))
        .statusCode,
    ).toBe(409);
  });

  it('rejects with a reason the partner sees; the status stays what the other certificates say', async () => {
    const before = (await status(w.a2.id)).s;
    const cert = (await submit(w.owner, w.a2.id)).json();
    expect(
      (await call(t, admins.super_admin, 'POST', `/api/admin/halal/certificates/${cert.id}/reject`, {})).statusCode,
    ).toBe(400);
    const res = await call(t, admins.super_admin, 'POST', `/api/admin/halal/certificates/${cert.id}/reject`, {
      reason: 'The document is illegible',
    });
    expect(res.statusCode).toBe(200);
    expect((await status(w.a2.id)).s).toBe(before);
    const mine = (await call(t, w.owner, 'GET', `/api/partner/sites/${w.a2.id}/halal`)).json();
    expect(mine.certificates.find((c: { id: string }) => c.id === cert.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The document is illegible',
    });
  });

  it('suspends after a concern and reinstates to what the certificates support', async () => {
    const res = await call(t, admins.ops_manager, 'POST', `/api/admin/halal/sites/${w.b1.id}/suspend`, {
      reason: 'Pork found in the kitchen',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().halalStatus).toBe('suspended');
    expect(
      (await call(t, admins.ops_manager, 'POST', `/api/admin/halal/sites/${w.b1.id}/suspend`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    const back = await call(t, admins.ops_manager, 'POST', `/api/admin/halal/sites/${w.b1.id}/reinstate`, {
      reason: 'Inspection passed',
    });
    expect(back.json().halalStatus).toBe('verified');
    // Newest first.
    expect(back.json().history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'verified',
      'suspended',
      'verified',
      'temp-unverified',
    ]);
    const reinstated = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.b1.id), eq(auditLog.actionType, 'halal_status_changed')));
    expect(reinstated.map((a) => (a.details as { reason: string }).reason)).toContain('Pork found in the kitchen');
  });
});

describe('facts and the customer panel', () => {
  it('saves the facts with per-item flags, audit-logged, and shows them with the certificate and history', async () => {
    const db = t.database.db;
    const [menu] = await db.insert(menus).values({ brandId: w.brandB.id }).returning();
    const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Grills' }).returning();
    const [item] = await db
      .insert(menuItems)
      .values({ menuId: menu.id, sectionId: section.id, name: 'Lamb chops', priceMinor: 1200 })
      .returning();
    const body = {
      alcoholServed: true,
      porkOnPremises: false,
      slaughterMethod: 'hand_slaughtered',
      halalScope: 'some_items',
      halalItemIds: [item.id],
    };
    const res = await call(t, w.other, 'PUT', `/api/partner/sites/${w.b1.id}/halal/facts`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().halalItemIds).toEqual([item.id]);
    // Another brand's item is refused.
    expect((await call(t, w.owner, 'PUT', `/api/partner/sites/${w.a1.id}/halal/facts`, body)).statusCode).toBe(400);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, w.b1.id), eq(auditLog.actionType, 'halal_facts_changed'))),
    ).toHaveLength(1);

    const panel = (await call(t, null, 'GET', `/api/restaurants/${w.b1.slug}/halal`)).json();
    expect(panel).toMatchObject({
      halalStatus: 'verified',
      statusLabel: 'Halal Verified',
      certificate: { certifyingBodyName: 'Halal Monitoring Committee' },
      facts: { alcoholServed: true, slaughterMethod: 'hand_slaughtered', halalScope: 'some_items' },
      halalItemIds: [item.id],
    });
    expect(panel.history.map((h: { statusLabel: string }) => h.statusLabel)).toEqual([
      'Verification Pending',
      'Halal Verified',
      'Suspended',
      'Halal Verified',
    ]);
    expect(panel.history[0]).not.toHaveProperty('reason');
  });

  it('shows no certificate for a location that is not verified (its certificates await review)', async () => {
    const panel = (await call(t, null, 'GET', `/api/restaurants/${w.a2.slug}/halal`)).json();
    expect(panel).toMatchObject({
      halalStatus: 'temp-unverified',
      statusLabel: 'Verification Pending',
      certificate: null,
      facts: null,
    });
  });
});

describe('concerns', () => {
  it('creates a halal_report ticket live on admin, from which a verifier can suspend the location', async () => {
    const adminStream = await openStream(base, '/api/events?topics=admin', admins.cs_agent.cookie);
    streams.push(adminStream);
    expect(
      (await call(t, null, 'POST', `/api/restaurants/${w.b1.slug}/halal-concerns`, { message: 'short' })).statusCode,
    ).toBe(400);
    const res = await call(t, null, 'POST', `/api/restaurants/${w.b1.slug}/halal-concerns`, {
      message: 'I was told the chicken is not halal today.',
      email: 'visitor@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.ticketNumber, res.json().ticketNumber));
    expect(ticket).toMatchObject({
      channel: 'halal_report',
      siteId: w.b1.id,
      priority: 'high',
      customerEmail: 'visitor@example.com',
    });
    await adminStream.waitFor(
      (e) => e.type === 'ticket.created' && (e.data as { channel: string }).channel === 'halal_report',
    );
    const fromTicket = await call(t, admins.super_admin, 'GET', `/api/admin/halal/tickets/${ticket.id}/site`);
    expect(fromTicket.json()).toMatchObject({ siteId: w.b1.id, halalStatus: 'verified' });
    expect((await call(t, admins.cs_agent, 'GET', `/api/admin/halal/tickets/${ticket.id}/site`)).statusCode).toBe(403);
    const suspended = await call(t, admins.super_admin, 'POST', `/api/admin/halal/sites/${w.b1.id}/suspend`, {
      reason: `Concern ${ticket.ticketNumber}`,
      ticketId: ticket.id,
    });
    expect(suspended.json().halalStatus).toBe('suspended');
    expect(
      (
        await call(t, null, 'POST', '/api/restaurants/no-such-place/halal-concerns', {
          message: 'I was told the chicken is not halal.',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, null, 'POST', '/api/orders/HN-1/halal-concerns', {
          message: 'I was told the chicken is not halal.',
        })
      ).statusCode,
    ).toBe(404);
  });
});

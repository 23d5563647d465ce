import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, userProfiles } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call, driverWithDocuments, listen } from './test-fixtures';

let t: TestApp;
let base: string;
let admins: Record<AdminRole, Caller>;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  base = await listen(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

describe('GET /api/admin/drivers', () => {
  it('searches first and last name, e-mail, phone, licence and vehicle on the server, case-insensitively', async () => {
    const omar = await driverWithDocuments(t, { name: 'Omar Farooq', licence: 'FAROO912035OM8KL', vehicle: 'scooter' });
    await driverWithDocuments(t, { name: 'Bilal Ahmed', licence: 'AHMED907141BA9XY', vehicle: 'bike' });
    const search = async (q: string) =>
      (await call(t, admins.ops_manager, 'GET', `/api/admin/drivers?q=${encodeURIComponent(q)}`)).json();
    expect((await search('farooq')).drivers.map((d: { id: string }) => d.id)).toEqual([omar.id]);
    expect((await search('omar')).drivers).toHaveLength(1);
    expect((await search('faroo912035')).drivers).toHaveLength(1);
    expect((await search(omar.email.toUpperCase())).drivers).toHaveLength(1);
    expect((await search('SCOOTER')).drivers).toHaveLength(1);
    expect((await search('900111')).matches).toBeGreaterThanOrEqual(2);
    expect((await search('%')).drivers).toHaveLength(0);
    const all = await search('');
    expect(all.matches).toBe(all.drivers.length);
    expect(all).toMatchObject({ driversOnline: expect.any(Number), availableJobs: expect.any(Number) });
  });

  it('is for super admins and operations managers only', async () => {
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/drivers')).statusCode, role).toBe(403);
      expect((await call(t, admins[role], 'GET', '/api/admin/drivers/pending-count')).statusCode, role).toBe(403);
    }
    expect((await call(t, admins.super_admin, 'GET', '/api/admin/drivers')).statusCode).toBe(200);
    expect((await call(t, null, 'GET', '/api/admin/drivers')).statusCode).toBe(401);
  });
});

describe('driver documents', () => {
  it('lists the documents, and warns when the insurance of a car is missing', async () => {
    const d = await driverWithDocuments(t, { vehicle: 'car', documents: ['photo_id', 'right_to_work'] });
    const res = await call(t, admins.ops_manager, 'GET', `/api/admin/drivers/${d.id}/documents`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.documents.map((x: { kind: string }) => x.kind)).toEqual(['photo_id', 'right_to_work']);
    expect(body.missing).toEqual(['insurance']);
    expect(body.driver.missingDocuments).toEqual(['insurance']);
    const pdf = body.documents[1];
    expect(pdf.contentType).toBe('application/pdf');
    // The download is the private upload; the preview may be framed by HalalNosh itself.
    expect((await call(t, admins.ops_manager, 'GET', pdf.url)).statusCode).toBe(200);
    const preview = await call(t, admins.ops_manager, 'GET', pdf.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await call(t, admins.cs_agent, 'GET', pdf.previewUrl)).statusCode).toBe(403);
    expect((await call(t, d, 'GET', pdf.previewUrl)).statusCode).toBe(403);
  });

  it('needs no insurance for a bike', async () => {
    const d = await driverWithDocuments(t, { vehicle: 'bike', documents: ['photo_id', 'right_to_work'] });
    const body = (await call(t, admins.super_admin, 'GET', `/api/admin/drivers/${d.id}/documents`)).json();
    expect(body.required).toEqual(['photo_id', 'right_to_work']);
    expect(body.missing).toEqual([]);
  });

  it('answers 404 for someone who is not a driver', async () => {
    expect(
      (await call(t, admins.ops_manager, 'GET', `/api/admin/drivers/${admins.finance.id}/documents`)).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/admin/drivers/:id/status', () => {
  const act = (who: Caller, id: string, action: string) =>
    call(t, who, 'POST', `/api/admin/drivers/${id}/status`, { action });

  it('approves a pending driver with the product message, audits it and tells the driver live', async () => {
    const d = await driverWithDocuments(t);
    const own = await openStream(base, `/api/events?topics=user:${d.id}`, d.cookie);
    const adminStream = await openStream(base, '/api/events?topics=admin', admins.ops_manager.cookie);
    streams.push(own, adminStream);
    expect((await call(t, d, 'GET', '/api/me')).json().user.status).toBe('pending');
    const res = await act(admins.ops_manager, d.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Driver approved and can now access their dashboard',
      driver: { id: d.id, status: 'approved' },
    });
    expect((await own.waitFor((e) => e.type === 'driver.status')).data).toEqual({ driverId: d.id, status: 'approved' });
    expect((await adminStream.waitFor((e) => e.type === 'driver.status')).data).toEqual({
      driverId: d.id,
      status: 'approved',
    });
    expect((await call(t, d, 'GET', '/api/me')).json().user).toMatchObject({
      status: 'approved',
      home: '/driver/jobs',
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(entry).toMatchObject({
      actionType: 'driver_status_changed',
      entityType: 'driver',
      performedBy: admins.ops_manager.id,
      performedByName: 'ops_manager person',
      details: { action: 'approve', from: 'pending', to: 'approved' },
    });
  });

  it('suspends an approved driver, sets them offline and shuts them out; reinstating lets them back', async () => {
    const d = await driverWithDocuments(t, { status: 'approved', online: true });
    const res = await act(admins.super_admin, d.id, 'suspend');
    expect(res.json()).toMatchObject({
      message: 'Driver suspended and blocked from accessing their account',
      driver: { status: 'suspended', isOnline: false },
    });
    const [p] = await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, d.id));
    expect(p.isOnline).toBe(false);
    expect((await call(t, d, 'GET', '/api/me')).json().user.home).toBe('/driver/onboarding');
    expect((await act(admins.super_admin, d.id, 'reinstate')).json()).toMatchObject({
      message: 'Driver approved and can now access their dashboard',
      driver: { status: 'approved' },
    });
  });

  it('rejects a pending driver and may approve them later', async () => {
    const d = await driverWithDocuments(t);
    expect((await act(admins.ops_manager, d.id, 'reject')).json()).toMatchObject({
      message: 'Driver application rejected',
      driver: { status: 'rejected' },
    });
    expect((await act(admins.ops_manager, d.id, 'approve')).json().driver.status).toBe('approved');
  });

  it('refuses every move that docs/product/admin.md#drivers does not list, with 409', async () => {
    const pending = await driverWithDocuments(t);
    const approved = await driverWithDocuments(t, { status: 'approved' });
    const notApplied = await driverWithDocuments(t, { status: null, documents: [] });
    for (const [d, action] of [
      [pending, 'suspend'],
      [pending, 'reinstate'],
      [approved, 'approve'],
      [approved, 'reject'],
      [approved, 'reinstate'],
      [notApplied, 'approve'],
    ] as const) {
      const res = await act(admins.ops_manager, d.id, action);
      expect(res.statusCode, `${action}`).toBe(409);
    }
    const [p] = await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, pending.id));
    expect(p.status).toBe('pending');
  });

  it('refuses an unknown action (400), an unknown driver (404) and the roles without the drivers area (403)', async () => {
    const d = await driverWithDocuments(t);
    expect((await act(admins.ops_manager, d.id, 'delete')).statusCode).toBe(400);
    expect((await act(admins.ops_manager, admins.finance.id, 'approve')).statusCode).toBe(404);
    for (const role of ['cs_agent', 'finance', 'read_only'] as const)
      expect((await act(admins[role], d.id, 'approve')).statusCode).toBe(403);
  });
});

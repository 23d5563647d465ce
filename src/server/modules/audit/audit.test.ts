import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call, driverWithDocuments } from '../admin/test-fixtures';
import { recordAudit } from './record-audit';

let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  const d = await driverWithDocuments(t);
  await call(t, admins.ops_manager, 'POST', `/api/admin/drivers/${d.id}/status`, { action: 'approve' });
  await call(t, admins.super_admin, 'POST', '/api/admin/tickets', { subject: 'S', description: 'D' });
  // Another module's privileged action, through the shared helper.
  await recordAudit(t.database.db, {
    actionType: 'menu_price_changed',
    entityType: 'menu_item',
    entityId: 'item-1',
    actor: { userId: 'partner-1', name: 'Yusuf Rahman' },
    details: { from: 650, to: 700 },
  });
  for (let i = 0; i < 12; i++)
    await recordAudit(t.database.db, {
      actionType: 'setting_updated',
      entityType: 'setting',
      entityId: `k${i}`,
      actor: null,
    });
});
afterAll(async () => t.close());

describe('GET /api/admin/audit', () => {
  it('is for super admins only', async () => {
    for (const role of ['ops_manager', 'cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/audit')).statusCode, role).toBe(403);
    }
  });

  it('lists who did what, when, with details, newest first, with the filters offered', async () => {
    const body = (await call(t, admins.super_admin, 'GET', '/api/admin/audit')).json();
    expect(body.total).toBe(15);
    expect(body.actions).toEqual(['driver_status_changed', 'menu_price_changed', 'setting_updated', 'ticket_created']);
    expect(body.entityTypes).toEqual(['driver', 'menu_item', 'setting', 'ticket']);
    expect(body.entries[0]).toMatchObject({ actionType: 'setting_updated', performedByName: 'System' });
    const price = body.entries.find((e: { actionType: string }) => e.actionType === 'menu_price_changed');
    expect(price).toMatchObject({
      entityType: 'menu_item',
      entityId: 'item-1',
      performedByName: 'Yusuf Rahman',
      details: { from: 650, to: 700 },
    });
  });

  it('filters by action, entity type and person, and pages', async () => {
    const get = async (qs: string) => (await call(t, admins.super_admin, 'GET', `/api/admin/audit?${qs}`)).json();
    expect((await get('action=driver_status_changed')).entries).toHaveLength(1);
    expect((await get('entityType=ticket')).entries.map((e: { actionType: string }) => e.actionType)).toEqual([
      'ticket_created',
    ]);
    expect((await get('q=yusuf')).total).toBe(1);
    const p1 = await get('pageSize=10&page=1');
    const p2 = await get('pageSize=10&page=2');
    expect(p1.entries).toHaveLength(10);
    expect(p2.entries).toHaveLength(5);
    expect(new Set([...p1.entries, ...p2.entries].map((e: { id: string }) => e.id)).size).toBe(15);
  });
});

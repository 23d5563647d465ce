import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, ticketMessages, tickets } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call, listen } from '../admin/test-fixtures';
import { createTicket } from './create-ticket';

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

const create = (who: Caller, body: Record<string, unknown>) => call(t, who, 'POST', '/api/admin/tickets', body);

describe('tickets', () => {
  it('creates a real ticket from the New Ticket dialog, audits it and tells the back office live', async () => {
    const live = await openStream(base, '/api/events?topics=admin', admins.cs_agent.cookie);
    streams.push(live);
    const res = await create(admins.cs_agent, {
      subject: 'Cold food',
      description: 'The curry arrived cold.',
      customerEmail: 'Aisha@Example.com',
      channel: 'customer',
      priority: 'high',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().ticket;
    expect(ticket).toMatchObject({
      subject: 'Cold food',
      status: 'new',
      priority: 'high',
      channel: 'customer',
      customerEmail: 'aisha@example.com',
      messages: [],
    });
    expect(ticket.ticketNumber).toMatch(/^T-\d+$/);
    expect((await live.waitFor((e) => e.type === 'ticket.created')).data).toMatchObject({ ticketId: ticket.id });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket.id));
    expect(entry).toMatchObject({
      actionType: 'ticket_created',
      details: {
        subject: 'Cold food',
        description: 'The curry arrived cold.',
        channel: 'customer',
        priority: 'high',
        customer_email: 'aisha@example.com',
      },
    });
  });

  it('needs a subject and a description: "Please fill in required fields"', async () => {
    for (const body of [{ description: 'x' }, { subject: 'x' }, { subject: '  ', description: 'x' }]) {
      const res = await create(admins.super_admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Please fill in required fields');
    }
    expect(
      (await create(admins.super_admin, { subject: 'A', description: 'B', customerEmail: 'nope' })).statusCode,
    ).toBe(400);
    const ok = await create(admins.super_admin, { subject: 'A', description: 'B', customerEmail: '' });
    expect(ok.json().ticket).toMatchObject({ customerEmail: null, channel: 'admin', priority: 'normal' });
  });

  it('lists newest first, searched by number, subject or e-mail, filtered by status and priority', async () => {
    const a = (
      await create(admins.ops_manager, {
        subject: 'Missing naan',
        description: 'x',
        customerEmail: 'zed@example.com',
        priority: 'urgent',
      })
    ).json().ticket;
    await create(admins.ops_manager, { subject: 'Driver was rude', description: 'y', channel: 'driver' });
    const list = async (qs: string) => (await call(t, admins.finance, 'GET', `/api/admin/tickets${qs}`)).json();
    expect((await list('')).tickets[0].subject).toBe('Driver was rude');
    expect((await list('?q=naan')).tickets.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await list('?q=ZED@')).tickets.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await list(`?q=${a.ticketNumber}`)).tickets.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await list('?priority=urgent')).tickets.every((x: { priority: string }) => x.priority === 'urgent')).toBe(
      true,
    );
    expect((await list('?status=closed')).tickets).toEqual([]);
    expect((await call(t, admins.finance, 'GET', '/api/admin/tickets?status=bogus')).statusCode).toBe(400);
  });

  it('persists status, priority and assignee changes, each audited', async () => {
    const tk = (await create(admins.cs_agent, { subject: 'Refund', description: 'Please refund' })).json().ticket;
    const patch = (body: Record<string, unknown>) =>
      call(t, admins.cs_agent, 'PATCH', `/api/admin/tickets/${tk.id}`, body);
    expect((await patch({ status: 'escalated' })).json().ticket.status).toBe('escalated');
    expect((await patch({ priority: 'urgent' })).json().ticket.priority).toBe('urgent');
    const assigned = (await patch({ assigneeId: admins.finance.id })).json().ticket;
    expect(assigned).toMatchObject({ assigneeId: admins.finance.id, assigneeName: 'finance person' });
    const refused = await patch({ assigneeId: admins.read_only.id });
    expect(refused.statusCode).toBe(400);
    // Named, so the ticket pane shows it under Assignee (docs/decisions/0219-one-form-kit.md).
    expect(refused.json().error.fields).toEqual([
      { in: 'body', path: 'assigneeId', message: 'Choose an active team member who handles tickets' },
    ]);
    expect((await patch({})).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, tk.id));
    expect(row).toMatchObject({ status: 'escalated', priority: 'urgent', assigneeId: admins.finance.id });
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, tk.id)))
      .map((e) => e.actionType)
      .sort();
    expect(actions).toEqual(['ticket_assigned', 'ticket_created', 'ticket_priority_changed', 'ticket_status_changed']);
    const overview = (await call(t, admins.read_only, 'GET', '/api/admin/overview')).json();
    expect(overview.escalatedTickets).toBe(1);
    expect((await patch({ assigneeId: null })).json().ticket.assigneeId).toBeNull();
  });

  it('stores replies and internal notes in the thread, trimmed; an empty message is refused; a new ticket opens', async () => {
    const tk = (await create(admins.cs_agent, { subject: 'Late', description: 'Order late' })).json().ticket;
    const send = (message: string, isInternal: boolean) =>
      call(t, admins.cs_agent, 'POST', `/api/admin/tickets/${tk.id}/messages`, { message, isInternal });
    expect((await send('   ', false)).statusCode).toBe(400);
    const note = await send('  Checked with the restaurant.  ', true);
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().ticket.status).toBe('open');
    await send('We are on it.', false);
    const detail = (await call(t, admins.ops_manager, 'GET', `/api/admin/tickets/${tk.id}`)).json().ticket;
    expect(
      detail.messages.map((m: { message: string; isInternal: boolean; senderType: string }) => [
        m.message,
        m.isInternal,
        m.senderType,
      ]),
    ).toEqual([
      ['Checked with the restaurant.', true, 'staff'],
      ['We are on it.', false, 'staff'],
    ]);
    expect(detail.messages[0].senderName).toBe('cs_agent person');
    expect(await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, tk.id))).toHaveLength(2);
  });

  it('shows tickets raised by the existing create use case (customer reports, late orders)', async () => {
    const tk = await t.database.db.transaction((tx) =>
      createTicket(tx, {
        subject: 'Issue with order HN-1',
        description: 'Wrong item',
        channel: 'halal_report',
        firstMessage: { senderType: 'customer', senderName: 'Aisha Khan', message: 'Wrong item' },
      }),
    );
    const detail = (await call(t, admins.cs_agent, 'GET', `/api/admin/tickets/${tk!.id}`)).json().ticket;
    expect(detail).toMatchObject({
      channel: 'halal_report',
      messages: [{ senderType: 'customer', senderName: 'Aisha Khan', isInternal: false }],
    });
  });

  it('is for super admins, operations managers, customer service and finance; read-only gets 403', async () => {
    for (const role of ['super_admin', 'ops_manager', 'cs_agent', 'finance'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/tickets')).statusCode, role).toBe(200);
    }
    expect((await call(t, admins.read_only, 'GET', '/api/admin/tickets')).statusCode).toBe(403);
    expect((await create(admins.read_only, { subject: 'a', description: 'b' })).statusCode).toBe(403);
    expect(
      (await call(t, admins.cs_agent, 'GET', '/api/admin/tickets/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const { assignees } = (await call(t, admins.cs_agent, 'GET', '/api/admin/tickets/assignees')).json();
    expect(assignees.map((a: { role: string }) => a.role).sort()).toEqual([
      'cs_agent',
      'finance',
      'ops_manager',
      'super_admin',
    ]);
  });
});

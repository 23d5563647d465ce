import { eq, sql } from 'drizzle-orm';
import type { TicketDetail } from '../../../domain/contracts/tickets/tickets';
import { AppError } from '../../../domain/errors';
import type { TicketPriority, TicketStatus } from '../../../domain/tickets';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { getTicket } from './get-ticket';
import { listAssignees } from './list-assignees';
import { publishToTicketOwner } from './help-tickets';

/**
 * Changes a ticket's status, priority or assignee; each change is stored and audited in one
 * transaction (docs/product/admin.md#tickets: they are real rows).
 */
export async function updateTicket(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  id: string,
  patch: { status?: TicketStatus; priority?: TicketPriority; assigneeId?: string | null },
): Promise<TicketDetail> {
  const changed = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Ticket not found');
    const set: Partial<typeof tickets.$inferInsert> = {};
    const audits: { actionType: string; details: Record<string, unknown> }[] = [];
    const base = { ticket_number: current.ticketNumber };
    if (patch.status !== undefined && patch.status !== current.status) {
      set.status = patch.status;
      audits.push({
        actionType: 'ticket_status_changed',
        details: { ...base, from: current.status, to: patch.status },
      });
    }
    if (patch.priority !== undefined && patch.priority !== current.priority) {
      set.priority = patch.priority;
      audits.push({
        actionType: 'ticket_priority_changed',
        details: { ...base, from: current.priority, to: patch.priority },
      });
    }
    if (patch.assigneeId !== undefined && patch.assigneeId !== current.assigneeId) {
      let assigneeName: string | null = null;
      if (patch.assigneeId) {
        const { assignees } = await listAssignees(tx);
        const a = assignees.find((x) => x.userId === patch.assigneeId);
        if (!a)
          throw new AppError('VALIDATION_ERROR', 'Choose an active team member who handles tickets', {
            field: 'assigneeId',
          });
        assigneeName = a.name;
      }
      set.assigneeId = patch.assigneeId;
      audits.push({
        actionType: 'ticket_assigned',
        details: { ...base, assignee_id: patch.assigneeId, assignee_name: assigneeName },
      });
    }
    if (!audits.length) return false;
    await tx
      .update(tickets)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(tickets.id, id));
    for (const a of audits) await recordAudit(tx, { ...a, entityType: 'ticket', entityId: id, actor });
    return true;
  });
  if (changed) {
    await deps.bus.publish(topicName.admin, 'ticket.updated', { ticketId: id });
    await publishToTicketOwner(deps.db, deps.bus, id, 'ticket.updated');
  }
  return getTicket(deps.db, id);
}

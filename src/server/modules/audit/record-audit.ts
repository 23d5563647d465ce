import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** Who did something, as the audit log names them; userId is null for a visitor without an account. */
export type AuditActor = { userId: string | null; name: string };

export type AuditEntry = {
  /** What happened, snake_case: driver_status_changed, setting_updated, invite_sent, menu_price_changed... */
  actionType: string;
  /** What it happened to: driver, setting, invitation, team_member, ticket, menu_item, site... */
  entityType: string;
  entityId?: string | null;
  /** Null for the system itself (sweepers). */
  actor: AuditActor | null;
  details?: Record<string, unknown>;
};

/**
 * Records one privileged action in the audit log. Call it inside the transaction that makes the
 * change, so the change and its record commit (or roll back) together.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actionType: entry.actionType,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    performedBy: entry.actor?.userId ?? null,
    performedByName: entry.actor?.name ?? 'System',
    details: entry.details ?? {},
  });
}

import { type SQL, and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { AuditResponse } from '../../../domain/contracts/admin/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** The audit log, newest first, filtered by action, entity type and who or which entity, one page at a time. */
export async function listAudit(
  db: Db,
  f: { action?: string; entityType?: string; q?: string; page: number; pageSize: number },
): Promise<AuditResponse> {
  const conditions: SQL[] = [];
  if (f.action) conditions.push(eq(auditLog.actionType, f.action));
  if (f.entityType) conditions.push(eq(auditLog.entityType, f.entityType));
  if (f.q) {
    const p = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(auditLog.performedByName, p), ilike(auditLog.entityId, p))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total], actions, entityTypes] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ v: auditLog.actionType }).from(auditLog).orderBy(asc(auditLog.actionType)),
    db.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total.n,
    page: f.page,
    pageSize: f.pageSize,
    actions: actions.map((a) => a.v),
    entityTypes: entityTypes.map((e) => e.v),
  };
}

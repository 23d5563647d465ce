import { z } from 'zod';

/** GET /api/admin/audit?action=&entityType=&q=&page=&pageSize=: newest first. */
export const auditQuery = z.strictObject({
  action: z.string().trim().max(64).optional(),
  entityType: z.string().trim().max(64).optional(),
  /** Matches who did it or the entity's id. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(100).default(50),
});

export const auditEntry = z.object({
  id: z.string(),
  actionType: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  performedBy: z.string().nullable(),
  performedByName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action and entity type recorded so far, for the filters. */
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
});
export type AuditResponse = z.infer<typeof auditResponse>;

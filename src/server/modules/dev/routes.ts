import { devEndpoints } from '../../../domain/contracts/dev/endpoints';
import { route } from '../../http/route';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

/** GET /api/dev/mail: the dev outbox (latest 50 mails). Registered in demo mode only. */
export function devMailRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, devEndpoints.getDevMail, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    return {
      mails: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}

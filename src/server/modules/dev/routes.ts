import { devEndpoints } from '../../../domain/contracts/dev/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { listDevDeliveries } from '../../platform/notify/dev-outbox';

/**
 * GET /api/dev/mail: the dev outbox of all three channels, latest 50, newest first
 * (docs/decisions/0142-dev-outbox-all-channels.md). Registered in demo mode outside production only.
 */
export function devMailRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, devEndpoints.getDevMail, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await listDevDeliveries(deps.db, 50);
    return {
      mails: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.title,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.url ? { url: m.url } : {}),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}

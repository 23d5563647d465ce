import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { changeDriverStatus } from './change-driver-status';
import { getDriverDocuments, readDriverDocument } from './driver-documents';
import { countPendingDrivers } from './get-overview';
import { listActiveJobs } from './list-active-jobs';
import { listDrivers } from './list-drivers';

/**
 * The preview is shown inside the admin page: this one response may be framed by HalalNosh
 * itself (the app's default headers forbid all framing). Route hooks run after the app's own.
 */
const PREVIEW_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/** This one response may be framed by HalalNosh itself (route hooks run after the app's own). */
const framedPreview: onSendHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode === 200) {
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('content-security-policy', PREVIEW_CSP);
  }
  return payload;
};

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Driver Console Admin (area drivers): list and search, documents, status changes, active jobs. */
export function adminDriverRoutes(app: FastifyInstance): void {
  const { config, mailer, bus } = app.deps;
  const db = app.deps.database.db;

  route(app, adminEndpoints.getAdminDriversPendingCount, async () => ({
    count: await countPendingDrivers(db),
  }));

  route(app, adminEndpoints.getAdminDrivers, async (request) => listDrivers(db, request.query.q));

  route(app, adminEndpoints.getAdminDriversByDriverIdDocuments, async (request) =>
    getDriverDocuments(db, request.params.driverId),
  );

  route(
    app,
    adminEndpoints.getAdminDriversByDriverIdDocumentsByKindPreview,
    { onSend: framedPreview },
    async (request, reply) => {
      const file = await readDriverDocument(
        { db, uploadDir: config.uploads.dir },
        request.params.driverId,
        request.params.kind,
      );
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="${request.params.kind}.${EXTENSIONS[file.contentType] ?? 'bin'}"`,
        );
      return reply.send(file.body);
    },
  );

  route(app, adminEndpoints.postAdminDriversByDriverIdStatus, async (request) =>
    changeDriverStatus(
      { db, bus, mailer, publicUrl: config.publicUrl },
      request.actor!,
      request.params.driverId,
      request.body.action,
    ),
  );

  route(app, adminEndpoints.getAdminJobs, async () => listActiveJobs(db));
}

import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { framedPreview, previewExtension } from '../../http/framed-preview';
import { changeDriverStatus } from './change-driver-status';
import { getDriverDocuments, readDriverDocument } from './driver-documents';
import { countPendingDrivers } from './get-overview';
import { listActiveJobs } from './list-active-jobs';
import { listDrivers } from './list-drivers';

/** Driver Console Admin (area drivers): list and search, documents, status changes, active jobs. */
export function adminDriverRoutes(app: FastifyInstance): void {
  const { config, mailer, bus, uploadStorage } = app.deps;
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
        { db, storage: uploadStorage },
        request.params.driverId,
        request.params.kind,
      );
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.contentLength)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="${request.params.kind}.${previewExtension(file.contentType)}"`,
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeJobsResponse,
  changeDriverStatusBody,
  changeDriverStatusResponse,
  documentPreviewParams,
  driverDocumentsResponse,
  driverParams,
  listDriversQuery,
  listDriversResponse,
} from '../../../domain/contracts/admin/drivers';
import { pendingDriversResponse } from '../../../domain/contracts/admin/overview';
import { adminArea } from '../../../domain/policies';
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

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Driver Console Admin (area drivers): list and search, documents, status changes, active jobs. */
export function adminDriverRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, mailer, bus } = app.deps;
  const db = app.deps.database.db;
  const policy = adminArea('drivers');

  r.get(
    '/api/admin/drivers/pending-count',
    { config: { policy }, schema: { response: { 200: pendingDriversResponse } } },
    async () => ({
      count: await countPendingDrivers(db),
    }),
  );

  r.get(
    '/api/admin/drivers',
    { config: { policy }, schema: { querystring: listDriversQuery, response: { 200: listDriversResponse } } },
    async (request) => listDrivers(db, request.query.q),
  );

  r.get(
    '/api/admin/drivers/:driverId/documents',
    { config: { policy }, schema: { params: driverParams, response: { 200: driverDocumentsResponse } } },
    async (request) => getDriverDocuments(db, request.params.driverId),
  );

  r.get(
    '/api/admin/drivers/:driverId/documents/:kind/preview',
    {
      config: { policy },
      schema: { params: documentPreviewParams },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) {
          reply.header('x-frame-options', 'SAMEORIGIN');
          reply.header('content-security-policy', PREVIEW_CSP);
        }
        return payload;
      },
    },
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

  r.post(
    '/api/admin/drivers/:driverId/status',
    {
      config: { policy },
      schema: { params: driverParams, body: changeDriverStatusBody, response: { 200: changeDriverStatusResponse } },
    },
    async (request) =>
      changeDriverStatus(
        { db, bus, mailer, publicUrl: config.publicUrl },
        request.actor!,
        request.params.driverId,
        request.body.action,
      ),
  );

  r.get('/api/admin/jobs', { config: { policy }, schema: { response: { 200: activeJobsResponse } } }, async () =>
    listActiveJobs(db),
  );
}

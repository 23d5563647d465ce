import { uploadsEndpoints } from '../../../domain/contracts/uploads/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/errors';
import type { WriteLimit } from '../../config';
import type { Db } from '../../db/client';
import type { UploadStorage } from '../../platform/upload-storage';
import { rateLimited } from '../../plugins/rate-limit';
import { readUpload } from './read-upload';
import { storeUpload } from './store-upload';

export function uploadRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: UploadStorage; maxBytes: number; limit: WriteLimit; windowSeconds: number },
): void {
  // Counted before the body is read, so a refused upload is neither decoded nor stored
  // (docs/decisions/0205-upload-limits-and-sweeping.md).
  const limited = rateLimited(deps.db, 'uploads', deps.limit, deps.windowSeconds);
  route(app, uploadsEndpoints.postUploads, { onRequest: limited }, async (request, reply) => {
    if (!request.isMultipart())
      throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in the field "file"');
    const file = await request.file({ limits: { fileSize: deps.maxBytes, files: 1 } });
    if (!file) throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in the field "file"');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB');
      }
      throw err;
    }
    const stored = await storeUpload(
      { db: deps.db, storage: deps.storage },
      request.actor!,
      request.query.purpose,
      data,
    );
    return reply.status(201).send(stored);
  });
  route(app, uploadsEndpoints.getUploadsOne, async (request, reply) => {
    const file = await readUpload({ db: deps.db, storage: deps.storage }, request.actor, request.params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.contentLength)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', file.isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable');
    if (file.contentType === 'application/pdf') reply.header('content-disposition', 'inline; filename="document.pdf"');
    return reply.send(file.body);
  });
}

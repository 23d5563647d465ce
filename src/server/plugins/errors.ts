import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '../../domain/errors';

function body(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}

const FASTIFY_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns a zod issue path and message into one readable sentence: "items.0.quantity: Too small". */
function readable(validation: { instancePath?: string; message?: string }[], context: string): string {
  const parts = validation.slice(0, 3).map((v) => {
    const where = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return where ? `${where}: ${v.message}` : `${context}: ${v.message}`;
  });
  return parts.join('; ');
}

/**
 * Fastify's own errors raised before routing (a URL with broken percent-encoding), which bypass
 * the error handler: the same error shape instead of Fastify's default body. Pass as the
 * `frameworkErrors` server option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(body(FASTIFY_CODES[status] ?? 'VALIDATION_ERROR', 'The request URL is malformed'));
}

/** One error model for every route: known errors keep their status, the rest are 500 without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Something thrown that is not an Error (a string, null): never let its text reach the body.
    if (!error || typeof error !== 'object') {
      request.log.error({ thrown: String(error) }, 'non-error thrown');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong'));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = readable(error.validation, error.validationContext ?? 'request');
      return reply.status(400).send(body('VALIDATION_ERROR', message || 'Invalid request'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong'));
    }
    const status = error.statusCode ?? 500;
    if (status < 500 && FASTIFY_CODES[status]) {
      return reply.status(status).send(body(FASTIFY_CODES[status], error.message));
    }
    if (status < 500) {
      return reply.status(400).send(body('VALIDATION_ERROR', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong'));
  });
}

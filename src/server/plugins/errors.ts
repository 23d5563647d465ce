import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode, type FieldError, type FieldSource } from '../../domain/errors';

function body(code: ErrorCode, message: string, fields?: FieldError[], details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(fields?.length ? { fields } : {}), ...(details ? { details } : {}) } };
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

type Issue = { instancePath?: string; message?: string };

/** A zod issue's path as the body names it: "/items/0/quantity" -> "items.0.quantity". */
function pathOf(issue: Issue): string {
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/** The first issues as one readable sentence: "items.0.quantity: Too small". */
function readable(validation: Issue[], context: string): string {
  const parts = validation.slice(0, 3).map((v) => {
    const where = pathOf(v);
    return where ? `${where}: ${v.message}` : `${context}: ${v.message}`;
  });
  return parts.join('; ');
}

const SOURCES = new Set<string>(['body', 'query', 'params', 'headers']);

/** Every issue, each naming its field, so a form can show each message beside its field. */
function fieldsOf(validation: Issue[], context: string): FieldError[] {
  const where: FieldSource = SOURCES.has(context) ? (context as FieldSource) : 'body';
  return validation.map((v) => ({ in: where, path: pathOf(v), message: v.message ?? 'Invalid value' }));
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
      return reply.status(error.status).send(body(error.code, error.message, error.fields, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const message = readable(error.validation, context);
      return reply
        .status(400)
        .send(body('VALIDATION_ERROR', message || 'Invalid request', fieldsOf(error.validation, context)));
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

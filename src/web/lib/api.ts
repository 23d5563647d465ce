import { ERROR_STATUS, type ErrorCode, type FieldError, fieldErrorsOf, isErrorBody } from '../../domain/errors';

/** The server's error codes, plus one for a request that never reached it. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

/**
 * A failed API call, carrying the server's code, message and the fields it refused
 * (`{ "error": { "code", "message", "fields" } }`; docs/decisions/0218-field-errors-in-the-error-body.md).
 */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Each refused input field by its dotted path; empty when the refusal names none. */
  readonly fields: readonly FieldError[];
  /** What the server added for the caller to act on (a changed price's new quote), when its contract says so. */
  readonly details?: Record<string, unknown>;
  constructor(
    code: ClientErrorCode,
    message: string,
    status: number,
    fields: readonly FieldError[] = [],
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    if (details) this.details = details;
  }
}

/** Whether the server could not be reached or failed (network error or 5xx): a fallback may stand in. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Whether the server said the thing does not exist (404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Whether an error is the caller's fault (4xx): retrying it cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as Array<[ErrorCode, number]>).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR';
}

/** The ApiError of a failed answer: the server's code and message, or one from the status (a proxy's 502, an empty 413). */
export function apiErrorOf(data: unknown, status: number, statusText: string): ApiError {
  if (isErrorBody(data))
    return new ApiError(data.error.code, data.error.message, status, fieldErrorsOf(data), data.error.details);
  return new ApiError(codeForStatus(status), statusText || 'Request failed', status);
}

/**
 * The one error model: a code maps to one HTTP status here, and the body is always
 * `{ "error": { "code", "message" } }`.
 */
export const ERROR_STATUS = {
  /** The request did not match its contract. */
  VALIDATION_ERROR: 400,
  /** No session, or the session has expired. */
  UNAUTHENTICATED: 401,
  /** Signed in, but this account may not do this. */
  FORBIDDEN: 403,
  /**
   * A driver or partner who has not accepted the current terms version, on a write of their work
   * (docs/decisions/0154-terms-acceptance.md). After FORBIDDEN, so a bare 403 still reads as FORBIDDEN.
   */
  TERMS_NOT_ACCEPTED: 403,
  /** No such row, or not one this account may see. */
  NOT_FOUND: 404,
  /** The row is not in a state that allows this (state machine, duplicates). */
  CONFLICT: 409,
  /** An idempotency key was reused with a different request. */
  IDEMPOTENCY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The platform is in maintenance mode. */
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * `details` only where a contract names it: what the caller needs to act on the refusal without
 * asking again (a changed price's new quote, docs/decisions/0209-checkout-reprices-before-placing.md).
 */
export type ErrorBody = { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.name = 'AppError';
    if (details) this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Whether a value is an error body in the app's shape. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const e = (value as { error?: unknown }).error;
  return !!e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string';
}

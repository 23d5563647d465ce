/**
 * The one error model: a code maps to one HTTP status here, and the body is always
 * `{ "error": { "code", "message" } }`, plus `fields` when the refusal is about named input fields
 * (docs/decisions/0218-field-errors-in-the-error-body.md).
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
  /**
   * A sign-in with the right password for an account whose e-mail is not confirmed yet, so the
   * sign-in screen offers to resend the link (docs/product/customer.md#sign-in).
   */
  EMAIL_NOT_CONFIRMED: 403,
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

/** Which part of the request a refused field is in. */
export type FieldSource = 'body' | 'query' | 'params' | 'headers';

/**
 * One refused input field: where it is, its path inside that part with segments joined by "."
 * (`items.0.quantity`; "" for the part as a whole) and the readable reason.
 */
export type FieldError = { in: FieldSource; path: string; message: string };

/**
 * `details` only where a contract names it: what the caller needs to act on the refusal without
 * asking again (a changed price's new quote, docs/decisions/0209-checkout-reprices-before-placing.md).
 */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldError[]; details?: Record<string, unknown> };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  /** The input fields this refusal is about, so a form shows the message beside them. */
  readonly fields: FieldError[] | undefined;
  readonly details?: Record<string, unknown>;
  /**
   * `field` names the one body field a handler refuses (`'postcode'`), with this error's message;
   * `fields` lists several, each with its own message; `details` is what the caller needs to act
   * on the refusal, where the contract names it.
   */
  constructor(
    code: ErrorCode,
    message: string,
    options?: { field?: string; fields?: FieldError[]; details?: Record<string, unknown> },
  ) {
    super(message);
    this.code = code;
    this.name = 'AppError';
    const fields = [
      ...(options?.field !== undefined ? [{ in: 'body' as const, path: options.field, message }] : []),
      ...(options?.fields ?? []),
    ];
    this.fields = fields.length ? fields : undefined;
    if (options?.details) this.details = options.details;
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

const SOURCES: readonly string[] = ['body', 'query', 'params', 'headers'] satisfies FieldSource[];

/** The well-formed entries of a body's `fields`, whatever a proxy or an older server sent. */
export function fieldErrorsOf(body: ErrorBody): FieldError[] {
  const raw: unknown = body.error.fields;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (f): f is FieldError =>
      !!f &&
      typeof f === 'object' &&
      SOURCES.includes((f as FieldError).in) &&
      typeof (f as FieldError).path === 'string' &&
      typeof (f as FieldError).message === 'string',
  );
}

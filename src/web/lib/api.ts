import { ERROR_STATUS, type ErrorCode, isErrorBody } from '../../domain/errors';

/** The server's error codes, plus one for a request that never reached it. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

/** A failed API call, carrying the server's code and message (`{ "error": { "code", "message" } }`). */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  constructor(code: ClientErrorCode, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
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

export type ApiInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key, x-order-token). */
  headers?: Record<string, string>;
};

/**
 * Calls the HalalNosh API with the session cookie and JSON, returning the parsed body.
 * Throws ApiError with the server's code and message on any failure.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { method = 'GET', body, signal } = init;
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 'Could not reach HalalNosh. Check your connection and try again.', 0);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(data.error.code, data.error.message, response.status);
    throw new ApiError(codeForStatus(response.status), response.statusText || 'Request failed', response.status);
  }
  return data as T;
}

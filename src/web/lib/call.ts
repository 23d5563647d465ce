import type { Endpoint, EndpointInput, EndpointResponse } from '../../domain/contracts/endpoint';
import { ApiError, apiErrorOf } from './api';

/**
 * An endpoint as the browser knows it: method and path as data, the contract only as a type
 * (the generated endpoint tables, endpoints*.generated.ts, import the contracts with `import type`, so customer
 * pages load no zod; docs/decisions/0107-typed-web-client.md).
 */
export type EndpointRef<E extends Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly __contract?: E;
};

type ContractOf<R> = R extends EndpointRef<infer E> ? E : never;

/** Every contract's browser-side ref, by area and name: the type of `endpoints` in an endpoints*.generated.ts table. */
export type EndpointRefs<Contracts> = {
  [A in keyof Contracts]: {
    [N in keyof Contracts[A]]: Contracts[A][N] extends Endpoint ? EndpointRef<Contracts[A][N]> : never;
  };
};

/** The generated table's shape: each contract's `'METHOD /path'`, so tsc checks the table against the contracts too. */
export type RequestLines<Contracts> = {
  [A in keyof Contracts]: {
    [N in keyof Contracts[A]]: Contracts[A][N] extends Endpoint
      ? `${Contracts[A][N]['method']} ${Contracts[A][N]['path']}`
      : never;
  };
};

/**
 * Turns the generated table of request lines (`getDriverJobs: 'GET /api/driver/jobs'`) into refs;
 * their types come from the contracts (`EndpointRefs`), the data from the table the generator
 * writes from the same contracts (a test fails while it is stale).
 */
export function endpointRefs<Contracts>(table: RequestLines<Contracts>): EndpointRefs<Contracts> {
  const ref = (line: string) => {
    const space = line.indexOf(' ');
    return { method: line.slice(0, space), path: line.slice(space + 1) };
  };
  return Object.fromEntries(
    Object.entries(table as Record<string, Record<string, string>>).map(([area, group]) => [
      area,
      Object.fromEntries(Object.entries(group).map(([name, line]) => [name, ref(line)])),
    ]),
  ) as EndpointRefs<Contracts>;
}

export type CallOptions<E extends Endpoint> = EndpointInput<E> & {
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key, x-order-token). */
  headers?: Record<string, string>;
};

/** The request body an endpoint takes, for a form that builds it before calling. */
export type BodyOf<R> = EndpointInput<ContractOf<R>> extends { body: infer B } ? B : never;

/** What an endpoint answers, for a cache update or a component's props. */
export type ResponseOf<R> = EndpointResponse<ContractOf<R>>;

type Query = Record<string, string | number | boolean | null | undefined>;

/** The URL of an endpoint: path parameters encoded, query parameters without the empty ones. */
export function endpointUrl<R extends EndpointRef<Endpoint>>(
  ref: R,
  parts: { params?: EndpointInput<ContractOf<R>>['params']; query?: EndpointInput<ContractOf<R>>['query'] } = {},
): string {
  const params = (parts.params ?? {}) as Record<string, string | number>;
  const path = ref.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${ref.path} needs ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((parts.query ?? {}) as Query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls an endpoint with its typed params, query and body, answering its typed response (ApiError on failure). */
export function call<R extends EndpointRef<Endpoint>>(
  ref: R,
  ...[options]: Partial<CallOptions<ContractOf<R>>> extends CallOptions<ContractOf<R>>
    ? [CallOptions<ContractOf<R>>?]
    : [CallOptions<ContractOf<R>>]
): Promise<EndpointResponse<ContractOf<R>>> {
  const o = (options ?? {}) as CallOptions<Endpoint> & { params?: unknown; query?: unknown; body?: unknown };
  const url = endpointUrl(ref, { params: o.params as never, query: o.query as never });
  return request<EndpointResponse<ContractOf<R>>>(url, {
    method: ref.method,
    body: o.body,
    signal: o.signal,
    headers: o.headers,
  });
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key, x-order-token). */
  headers?: Record<string, string>;
};

/**
 * Sends one request with the session cookie and JSON, answering the parsed body; ApiError with the
 * server's code and message on any failure. Private to this file: pages call endpoints by contract
 * (`call`), never a hand-written URL with a hand-picked answer type (docs/decisions/0107).
 */
async function request<T>(path: string, init: RequestOptions): Promise<T> {
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
  if (!response.ok) throw apiErrorOf(data, response.status, response.statusText);
  return data as T;
}

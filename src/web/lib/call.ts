import type { Endpoint, EndpointInput, EndpointResponse } from '../../domain/contracts/endpoint';
import { api } from './api';

/**
 * An endpoint as the browser knows it: method and path as data, the contract only as a type
 * (the generated endpoints.generated.ts imports the contracts with `import type`, so customer
 * pages load no zod; docs/decisions/0107-typed-web-client.md).
 */
export type EndpointRef<E extends Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly __contract?: E;
};

type ContractOf<R> = R extends EndpointRef<infer E> ? E : never;

export type CallOptions<E extends Endpoint> = EndpointInput<E> & {
  signal?: AbortSignal;
  /** Extra request headers (Idempotency-Key, x-order-token). */
  headers?: Record<string, string>;
};

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
  return api<EndpointResponse<ContractOf<R>>>(url, {
    method: ref.method,
    body: o.body,
    signal: o.signal,
    headers: o.headers,
  });
}

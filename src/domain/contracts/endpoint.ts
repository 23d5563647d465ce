import type { z } from 'zod';
import type { Policy } from '../policies';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body that is not JSON: a multipart form carrying one file in `field` (the upload routes). */
export type MultipartBody = { kind: 'multipart'; field: string };

/** An answer that is not JSON: a Server-Sent Events stream, a CSV download, a stored file. */
export type RawResponse = {
  kind: 'stream' | 'csv' | 'file' | 'passthrough' | 'empty';
  contentType: string;
  description: string;
};

/** 204 No Content. */
export const NO_CONTENT = {
  kind: 'empty',
  contentType: 'none',
  description: 'No content',
} as const satisfies RawResponse;

export type ResponseSchema = z.ZodType | RawResponse;

/**
 * One HTTP endpoint: everything the server registers and the web calls. Request schemas
 * (params, query, body) are strict objects: an unknown field or query parameter is a 400 that
 * names it (docs/decisions/0105-one-contract-per-endpoint.md). Headers stay loose, since browsers and proxies add their own.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  policy: Policy;
  /** One line for the OpenAPI document; without it, the endpoint's name in words (`getDriverJobs`: "Get driver jobs"). */
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType | MultipartBody;
  /** Keyed by HTTP status; 2xx are the answers, others only when a route documents a special body. */
  responses: Readonly<Record<number, ResponseSchema>>;
  /** Served by a mount rather than a route of its own (better-auth's sub-paths under /api/auth/*). */
  servedBy?: 'auth-mount';
};

/** Declares an endpoint, keeping its literal types (method, path, schemas) for the server and the typed client. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** `'GET /api/driver/jobs'`: an endpoint's method and path, the way a request line reads. */
export type RouteLine = `${HttpMethod} /api/${string}`;

type RequestParts = Pick<Endpoint, 'params' | 'query' | 'headers' | 'body'>;
/** What an endpoint says beyond its request and answers: the auth mount (and a summary, also given by `.summary()`). */
export type EndpointNotes = Pick<Endpoint, 'summary' | 'servedBy'>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type MethodOf<R> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<R> = R extends `${HttpMethod} ${infer P}` ? P : never;

/** An endpoint being declared by `api()`: what it takes, then what it answers. */
export type EndpointBuilder<Base> = {
  /** A hand-written OpenAPI summary, when the name in words would say less. */
  summary(text: string): EndpointBuilder<Base & { summary: string }>;
  /** The request schemas: params, query, headers, body (strict objects). */
  takes<const Q extends RequestParts>(request: Q): EndpointBuilder<Base & Q>;
  /** The answers keyed by HTTP status, and any notes; gives the finished endpoint. */
  answers<const A extends Endpoint['responses'], const N extends EndpointNotes = object>(
    responses: A,
    notes?: N,
  ): Simplify<Base & N & { responses: A }>;
};

function builder<Base>(base: Base): EndpointBuilder<Base> {
  return {
    summary: (text) => builder({ ...base, summary: text }),
    takes: (request) => builder({ ...base, ...request }),
    answers: (responses, notes) => ({ ...base, ...notes, responses }) as never,
  };
}

/**
 * Declares an endpoint compactly, each fact once (docs/decisions/0132-compact-contracts-and-data-files.md):
 * `api('GET /api/driver/jobs', POLICIES.approvedDriver).takes({ query: listJobsQuery }).answers({ 200: listJobsResponse })`
 * is the same object as `endpoint({ method, path, policy, query, responses })`, which stays accepted.
 * Without a summary, the OpenAPI document uses the endpoint's name in words.
 */
export function api<const R extends RouteLine>(
  route: R,
  policy: Policy,
): EndpointBuilder<{ method: MethodOf<R>; path: PathOf<R>; policy: Policy }> {
  const space = route.indexOf(' ');
  return builder({ method: route.slice(0, space) as MethodOf<R>, path: route.slice(space + 1) as PathOf<R>, policy });
}

/** An answer that is not JSON, in one line: `raw('csv', 'text/csv', 'The report as a CSV download')`. */
export function raw<const K extends RawResponse['kind']>(
  kind: K,
  contentType: string,
  description: string,
): RawResponse & { kind: K } {
  return { kind, contentType, description };
}

/** A multipart upload of one file. */
export function multipart(field: string): MultipartBody {
  return { kind: 'multipart', field };
}

export function isRawResponse(schema: ResponseSchema | undefined): schema is RawResponse {
  return !!schema && typeof schema === 'object' && 'kind' in schema && !('_zod' in schema);
}

export function isMultipart(body: Endpoint['body']): body is MultipartBody {
  return !!body && typeof body === 'object' && 'kind' in body && !('_zod' in body);
}

type Input<S> = S extends z.ZodType ? z.input<S> : S extends { kind: 'empty' } ? undefined : unknown;
type Output<S> = S extends z.ZodType ? z.output<S> : S extends { kind: 'empty' } ? undefined : unknown;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON a successful call answers (the union over the endpoint's 2xx schemas). */
export type EndpointResponse<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? Output<E['responses'][S]> : never;
}[keyof E['responses']];

/** What a handler may return: the input side of the 2xx schemas (the serializer validates it). */
export type EndpointReturn<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? Input<E['responses'][S]> : never;
}[keyof E['responses']];

/** The parts of a request a caller provides, each only when the endpoint declares it. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: z.input<E['body']> }
    : E['body'] extends MultipartBody
      ? { body: FormData }
      : { body?: undefined });

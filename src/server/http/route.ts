import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  onRouteHookHandler,
  onSendHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import { type Endpoint, type EndpointReturn, isMultipart, isRawResponse } from '../../domain/contracts/endpoint';
import type { Policy } from '../../domain/policies';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract this route was registered from (every /api route has one: app.ts refuses the rest). */
    endpoint?: Endpoint;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as the handler sees it: params, query, body and headers already parsed by the contract. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
  Headers: Parsed<E['headers']>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReturn<E> | FastifyReply | void>;

type RouteExtras = { onRequest?: onRequestHookHandler | onRequestHookHandler[]; onSend?: onSendHookHandler };

/** The Fastify schema of an endpoint: its zod request schemas and its JSON answers. */
export function fastifySchema(e: Endpoint): FastifySchema {
  const schema: FastifySchema = {};
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.headers) schema.headers = e.headers;
  if (e.body && !isMultipart(e.body)) schema.body = e.body;
  const responses = Object.entries(e.responses).filter(([, s]) => !isRawResponse(s));
  if (responses.length) schema.response = Object.fromEntries(responses);
  return schema;
}

/**
 * Registers a route from its contract: method, path, policy and schemas all come from `e`, so
 * they are written once (docs/decisions/0105-one-contract-per-endpoint.md). `extras` carries per-route hooks (rate limits).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  extrasOrHandler: RouteExtras | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler!;
  if (e.servedBy) throw new Error(`${e.method} ${e.path} is served by ${e.servedBy}, not a route of its own`);
  app.route({
    method: e.method,
    url: e.path,
    config: { policy: e.policy, endpoint: e },
    schema: fastifySchema(e),
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(extras.onSend ? { onSend: extras.onSend } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** One API route as registered: its policy, its contract and its zod schemas (the security tests generate requests from them). */
export type ApiRoute = { method: string; url: string; policy: Policy; schema?: FastifySchema; endpoint: Endpoint };

/**
 * Whether a route pattern, as registered, could answer an address under /api: its first segment
 * is "api" in any case (`/api`, `/API/x`, `/api;v`, not `/apiary`: the router is case-sensitive,
 * but `/API` must not become something else either), or a parameter, a wildcard or a regular
 * expression (`/:page`, `/*`), which would match `/api` itself. Decided on the pattern, never on a request's address
 * (docs/decisions/0196-policy-decided-by-the-matched-route.md).
 */
export function couldServeApi(pattern: string): boolean {
  const first = pattern.replace(/^\/+/, '').split('/')[0];
  return /^api(?![a-z0-9_-])/i.test(first) || /^[:*(]/.test(first) || pattern === '' || pattern === '*';
}

/**
 * Whether a request's address could be read as one under /api by anyone: percent-escapes decoded
 * (twice-encoded ones too), backslashes read as slashes, empty and dot segments resolved, any
 * case. For requests that matched no route: such an address is answered 404 JSON, never a page.
 */
export function addressCouldBeApi(url: string): boolean {
  let path = url.split(/[?#]/)[0];
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      break;
    }
    if (next === path) break;
    path = next;
  }
  const segments: string[] = [];
  for (const s of path.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return /^api(?![a-z0-9_-])/i.test(segments[0] ?? '');
}

/**
 * The contract of the route a request matched, or null for pages, files and requests that
 * matched no route. Every hook that treats API requests differently asks this, never
 * `request.url`: the router decodes percent-escapes (`/%61pi/admin` is `/api/admin`), so the raw
 * address is not what was matched (docs/decisions/0196-policy-decided-by-the-matched-route.md).
 */
export function matchedEndpoint(request: FastifyRequest): Endpoint | null {
  const endpoint = request.routeOptions.config?.endpoint;
  if (endpoint) return endpoint;
  // Unreachable while contractGuard stands: an /api route without a contract is never registered.
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && couldServeApi(pattern))
    throw new Error(`route ${pattern} was registered without a contract`);
  return null;
}

/**
 * The onRoute hook that makes a route without a contract impossible: a route that could answer
 * an /api address (couldServeApi: under /api in any case, with or without a trailing slash or a
 * plugin prefix, or a first segment that is a parameter or wildcard) must come from route(), with
 * method, path and policy equal to its endpoint's. The HEAD route Fastify adds beside each GET
 * goes through here too (same config); a HEAD route of its own is refused. Each registered route
 * is recorded.
 */
export function contractGuard(apiRoutes: ApiRoute[]): onRouteHookHandler {
  return (options) => {
    if (!couldServeApi(options.url)) return;
    const endpoint = options.config?.endpoint;
    const policy = options.config?.policy;
    if (!policy) throw new Error(`API route ${options.url} declares no policy`);
    if (!endpoint)
      throw new Error(`API route ${options.url} has no contract: register it with route(app, endpoint, handler)`);
    const all = Array.isArray(options.method) ? options.method : [options.method];
    const methods = all.filter((m) => m !== 'HEAD');
    // HEAD only as the twin of the contract's GET (Fastify's exposeHeadRoutes), never on its own.
    const headOk = endpoint.method === 'GET';
    if (
      endpoint.path !== options.url ||
      methods.some((m) => m !== endpoint.method) ||
      (all.includes('HEAD') && !headOk) ||
      endpoint.policy !== policy
    )
      throw new Error(
        `API route ${all.join(',')} ${options.url} differs from its contract ${endpoint.method} ${endpoint.path}`,
      );
    for (const method of methods)
      apiRoutes.push({ method, url: options.url, policy, schema: options.schema, endpoint });
  };
}

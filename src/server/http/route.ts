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
 * The onRoute hook that makes a route without a contract impossible: an /api route must come from
 * route() (method, path and policy equal to its endpoint's). Each registered route is recorded.
 */
export function contractGuard(apiRoutes: ApiRoute[]): onRouteHookHandler {
  return (options) => {
    if (!options.url.startsWith('/api')) return;
    const endpoint = options.config?.endpoint;
    const policy = options.config?.policy;
    if (!policy) throw new Error(`API route ${options.url} declares no policy`);
    if (!endpoint)
      throw new Error(`API route ${options.url} has no contract: register it with route(app, endpoint, handler)`);
    const methods = (Array.isArray(options.method) ? options.method : [options.method]).filter((m) => m !== 'HEAD');
    if (endpoint.path !== options.url || methods.some((m) => m !== endpoint.method) || endpoint.policy !== policy)
      throw new Error(
        `API route ${methods.join(',')} ${options.url} differs from its contract ${endpoint.method} ${endpoint.path}`,
      );
    for (const method of methods)
      apiRoutes.push({ method, url: options.url, policy, schema: options.schema, endpoint });
  };
}

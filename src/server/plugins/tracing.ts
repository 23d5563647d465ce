import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestSpan, Tracing } from '../platform/tracing';

/**
 * One span per request (docs/decisions/0241-traces-behind-an-endpoint.md), named by the method and
 * the router's matched pattern, with the status and the request id (docs/decisions/0231-logs-without-personal-data.md),
 * its parent from an incoming `traceparent`. Registered first of the onRequest hooks so every later
 * hook, the body's parsing and the handler run inside its context, and their database statements
 * and sends become its children. Without tracing, no hook is registered at all.
 */
export function registerTracing(app: FastifyInstance, tracer: Tracing | null): void {
  if (!tracer) return;
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  app.addHook('onRequest', (request, _reply, done) => {
    const span = tracer.request({
      method: request.method,
      route: request.routeOptions.url ?? null,
      requestId: request.id,
      scheme: request.protocol,
      headers: request.headers,
      // The body's events come from the connection, outside the request's context: its stream is
      // bound when there is a body to read (binding costs, and a GET has none).
      streams: hasBody(request) ? [request.raw] : [],
    });
    spans.set(request, span);
    span.enter(done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    spans.get(request)?.failed(typeof error.code === 'string' ? error.code : error.name);
  });
  app.addHook('onResponse', async (request, reply) => {
    spans.get(request)?.end(reply.statusCode);
  });
  app.addHook('onRequestAbort', async (request) => {
    spans.get(request)?.end(null);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

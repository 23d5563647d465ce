import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestSpan, Tracing } from '../platform/tracing';

/**
 * One span per traced request (docs/decisions/0241-traces-behind-an-endpoint.md), named by the
 * method and the router's matched pattern, with the status and the request id
 * (docs/decisions/0231-logs-without-personal-data.md), its parent from an incoming `traceparent`.
 * Registered first of the onRequest hooks so every later hook, the body's parsing and the handler
 * run inside its context, and their database statements and sends become its children. Whether a
 * request is traced is decided here, once (docs/decisions/0244-traces-sampled-at-the-request.md):
 * a request the sampler drops gets no span, enters no context and allocates nothing
 * (docs/decisions/0263-traces-without-cost-for-untraced-requests.md); the other hooks find nothing
 * to do. The hooks are callback-style (an async hook costs a promise per request). Without
 * tracing, no hook is registered at all.
 */
const SPAN = 'traceSpan';
type Traced = FastifyRequest & { [SPAN]: RequestSpan | null };

export function registerTracing(app: FastifyInstance, tracer: Tracing | null): void {
  if (!tracer) return;
  // Declared on the request's prototype so setting it keeps the object's shape.
  app.decorateRequest(SPAN, null);
  app.addHook('onRequest', (request, reply, done) => {
    const span = tracer.request(request);
    if (!span) return done();
    (request as Traced)[SPAN] = span;
    // The span ends with the answer (its status), or without one when the connection closed first.
    // Listened to on this request only: an onResponse or onRequestAbort hook would run for every
    // request, traced or not.
    const res = reply.raw;
    res.once('finish', () => span.end(res.statusCode));
    res.once('close', () => span.end(res.writableFinished ? res.statusCode : null));
    span.enter(done);
  });
  // A body is read in the connection's events, outside the request's context: the handling after
  // it (the auth and other hooks, the handler) is re-entered into the span. For an untraced request,
  // one property read.
  app.addHook('preValidation', (request, _reply, done) => {
    const span = (request as Traced)[SPAN];
    if (span) span.enter(done);
    else done();
  });
  // Runs only for a request whose handling failed.
  app.addHook('onError', (request, _reply, error, done) => {
    (request as Traced)[SPAN]?.failed(typeof error.code === 'string' ? error.code : error.name);
    done();
  });
}

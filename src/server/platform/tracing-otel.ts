import { randomUUID } from 'node:crypto';
import {
  type Attributes,
  type Span,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  defaultTextMapGetter,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Tracing } from './tracing-types';

/**
 * The OpenTelemetry side of platform/tracing.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (docs/decisions/0241-traces-behind-an-endpoint.md). Spans are made by our own hooks, not by
 * instrumentation packages: those patch `require` and `import` of fastify and pg, which the bundled
 * server never does. The tracer provider is deliberately not registered globally, so libraries'
 * own instrumentation (Drizzle's records query parameters) stays a no-op; only the context manager
 * is global, which lets a span started here be the parent of the next.
 */
/** Attribute names from OpenTelemetry's semantic conventions, plus our own under `halalnosh.`. */
const ATTR = {
  serviceName: 'service.name',
  serviceInstance: 'service.instance.id',
  method: 'http.request.method',
  route: 'http.route',
  status: 'http.response.status_code',
  scheme: 'url.scheme',
  errorType: 'error.type',
  requestId: 'halalnosh.request_id',
  dbSystem: 'db.system.name',
  dbOperation: 'db.operation.name',
  dbTable: 'db.collection.name',
  dbStatus: 'db.response.status_code',
  dbDriver: 'halalnosh.db.driver',
  channel: 'halalnosh.notification.channel',
  outcome: 'halalnosh.notification.outcome',
} as const;

/** OTLP/HTTP's traces path under the base endpoint, unless the address given already ends with it. */
export function tracesUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}

export function createTracing(settings: { endpoint: string; serviceName: string }): Tracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR.serviceName]: settings.serviceName, [ATTR.serviceInstance]: randomUUID() }),
  );
  // JSON over HTTP (the exporter's default encoding); OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, the
  // OTEL_BSP_* batch settings and OTEL_TRACES_SAMPLER are read by the SDK itself.
  const exporter = new OTLPTraceExporter({ url: tracesUrl(settings.endpoint) });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  const tracer = provider.getTracer('halalnosh');
  const propagator = new W3CTraceContextPropagator();

  const errorOf = (err: unknown): string =>
    (err as { code?: unknown })?.code && typeof (err as { code?: unknown }).code === 'string'
      ? (err as { code: string }).code
      : err instanceof Error
        ? err.name
        : 'Error';

  return {
    request(info) {
      const parent = info.headers.traceparent
        ? propagator.extract(ROOT_CONTEXT, info.headers, defaultTextMapGetter)
        : ROOT_CONTEXT;
      const attributes: Attributes = {
        [ATTR.method]: info.method,
        [ATTR.scheme]: info.scheme,
        [ATTR.requestId]: info.requestId,
      };
      if (info.route) attributes[ATTR.route] = info.route;
      // The route's pattern, never the address: no ids, tokens or query strings in a span's name.
      const span = tracer.startSpan(
        info.route ? `${info.method} ${info.route}` : info.method,
        { kind: SpanKind.SERVER, attributes },
        parent,
      );
      const active = trace.setSpan(parent, span);
      for (const stream of info.streams) context.bind(active, stream);
      let errorType: string | null = null;
      let ended = false;
      return {
        enter(next) {
          context.with(active, next);
        },
        failed(type) {
          errorType = type;
        },
        end(statusCode) {
          if (ended) return;
          ended = true;
          if (statusCode !== null) span.setAttribute(ATTR.status, statusCode);
          if (statusCode !== null && statusCode >= 500) {
            span.setAttribute(ATTR.errorType, errorType ?? String(statusCode));
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
          span.end();
        },
      };
    },

    statement(kind, summary) {
      // Only inside a request or a send: the sweepers' passes and the start-up's migration make no traces.
      if (!trace.getSpan(context.active())) return () => undefined;
      const attributes: Attributes = {
        [ATTR.dbSystem]: 'postgresql',
        [ATTR.dbDriver]: kind,
        [ATTR.dbOperation]: summary.operation,
      };
      if (summary.table) attributes[ATTR.dbTable] = summary.table;
      const span = tracer.startSpan(summary.table ? `${summary.operation} ${summary.table}` : summary.operation, {
        kind: SpanKind.CLIENT,
        attributes,
      });
      return (errorCode) => {
        if (errorCode !== null) {
          // The SQLSTATE only: a database error's message quotes the row's values.
          span.setAttribute(ATTR.dbStatus, errorCode);
          span.setAttribute(ATTR.errorType, errorCode);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      };
    },

    send(channel, run, outcomeOf) {
      return tracer.startActiveSpan(
        `send ${channel}`,
        { kind: SpanKind.CLIENT, attributes: { [ATTR.channel]: channel } },
        async (span: Span) => {
          try {
            const result = await run();
            const outcome = outcomeOf(result);
            span.setAttribute(ATTR.outcome, outcome);
            if (outcome !== 'sent') span.setStatus({ code: SpanStatusCode.ERROR });
            return result;
          } catch (err) {
            // The error's type, not its text: an SMTP refusal quotes the address.
            span.setAttribute(ATTR.outcome, 'error');
            span.setAttribute(ATTR.errorType, errorOf(err));
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw err;
          } finally {
            span.end();
          }
        },
      );
    },

    flush: () => provider.forceFlush(),

    async shutdown(deadlineMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      });
      try {
        // An unreachable collector must not hold the stop past its deadline: what is not out by then is dropped.
        await Promise.race([provider.shutdown().catch(() => undefined), late]);
      } finally {
        clearTimeout(timer);
        context.disable();
      }
    },
  };
}

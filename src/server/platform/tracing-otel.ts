import { randomUUID } from 'node:crypto';
import {
  type Attributes,
  type Span,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  defaultTextMapGetter,
  isSpanContextValid,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { SamplerSettings, Tracing } from './tracing-types';

/**
 * The OpenTelemetry side of platform/tracing.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (docs/decisions/0241-traces-behind-an-endpoint.md). Spans are made by our own hooks, not by
 * instrumentation packages: those patch `require` and `import` of fastify and pg, which the bundled
 * server never does. The tracer provider is deliberately not registered globally, so libraries'
 * own instrumentation (Drizzle's records query parameters) stays a no-op; neither is the context
 * manager (docs/decisions/0244-traces-sampled-at-the-request.md): our spans find their parent
 * through our own, and the libraries' calls to the global API cost nothing.
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

/**
 * The sampler's decision for a trace's root (a request without a usable `traceparent`, or one the
 * sampler does not follow, or a send outside a request): made before anything is built, so a
 * dropped request costs one random number. A ratio picks independently per trace, which is what
 * `traceidratio` amounts to for a trace that starts here.
 */
export function rootDecision(sampler: SamplerSettings): () => boolean {
  switch (sampler.name) {
    case 'always_on':
    case 'parentbased_always_on':
      return () => true;
    case 'always_off':
    case 'parentbased_always_off':
      return () => false;
    default: {
      const ratio = Math.min(1, Math.max(0, sampler.ratio));
      return ratio >= 1 ? () => true : ratio <= 0 ? () => false : () => Math.random() < ratio;
    }
  }
}

/** The batch settings we ask for unless the OTEL_BSP_* variables say otherwise (undefined lets the SDK read them). */
function batchSetting(name: string, value: number): number | undefined {
  return process.env[name] ? undefined : value;
}

export function createTracing(settings: { endpoint: string; serviceName: string; sampler?: SamplerSettings }): Tracing {
  // Ours, not OpenTelemetry's global one: Drizzle and better-auth call the global API for every
  // query and operation (a no-op tracer's startActiveSpan still enters a context), which with a
  // global context manager costs each of them an AsyncLocalStorage run, traced request or not.
  // Our spans are parented through this one, explicitly.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR.serviceName]: settings.serviceName, [ATTR.serviceInstance]: randomUUID() }),
  );
  // JSON over HTTP (the exporter's default encoding); OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT and the
  // OTEL_BSP_* batch settings are read by the SDK itself. Our batch defaults: a queue that holds
  // a few seconds of a busy server's spans with every request traced (the SDK's 2,048 drops spans
  // past about 400 requests a second), in fewer, larger exports.
  const exporter = new OTLPTraceExporter({ url: tracesUrl(settings.endpoint) });
  const processor = new BatchSpanProcessor(exporter, {
    maxQueueSize: batchSetting('OTEL_BSP_MAX_QUEUE_SIZE', 16_384),
    maxExportBatchSize: batchSetting('OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 2_048),
    scheduledDelayMillis: batchSetting('OTEL_BSP_SCHEDULE_DELAY', 2_000),
  });
  // The sampler is ours (decided before a span is made, below); the SDK keeps every span it is asked for.
  const provider = new BasicTracerProvider({ resource, sampler: new AlwaysOnSampler(), spanProcessors: [processor] });
  const tracer = provider.getTracer('halalnosh');
  const propagator = new W3CTraceContextPropagator();
  const sampler = settings.sampler ?? { name: 'parentbased_always_on', ratio: 1 };
  const followsParent = sampler.name.startsWith('parentbased_');
  const root = rootDecision(sampler);
  /** The current span, when it is one of ours being recorded (only sampled spans are ever entered). */
  const current = (): Span | undefined => trace.getSpan(contextManager.active());

  const errorOf = (err: unknown): string =>
    (err as { code?: unknown })?.code && typeof (err as { code?: unknown }).code === 'string'
      ? (err as { code: string }).code
      : err instanceof Error
        ? err.name
        : 'Error';

  return {
    request(info) {
      let parent = ROOT_CONTEXT;
      let sampled: boolean | null = null;
      if (info.headers.traceparent) {
        parent = propagator.extract(ROOT_CONTEXT, info.headers, defaultTextMapGetter);
        const caller = trace.getSpanContext(parent);
        if (followsParent && caller && isSpanContextValid(caller))
          sampled = (caller.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
      }
      if (!(sampled ?? root())) return null;
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
      for (const stream of info.streams) contextManager.bind(active, stream);
      let errorType: string | null = null;
      let ended = false;
      return {
        enter(next) {
          contextManager.with(active, next);
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

    inSpan: () => current() !== undefined,

    statement(kind, summary) {
      // Only inside a traced request or send: the sweepers' passes, the start-up's migration and
      // the requests the sampler dropped make no spans.
      if (!current()) return () => undefined;
      const attributes: Attributes = {
        [ATTR.dbSystem]: 'postgresql',
        [ATTR.dbDriver]: kind,
        [ATTR.dbOperation]: summary.operation,
      };
      if (summary.table) attributes[ATTR.dbTable] = summary.table;
      const span = tracer.startSpan(
        summary.table ? `${summary.operation} ${summary.table}` : summary.operation,
        { kind: SpanKind.CLIENT, attributes },
        contextManager.active(),
      );
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
      // Inside a traced request or send: its child. Outside one (the outbox worker, or the mail of
      // a request the sampler dropped): a root of its own, which the sampler decides on.
      if (!current() && !root()) return run();
      const parent = contextManager.active();
      const span = tracer.startSpan(
        `send ${channel}`,
        { kind: SpanKind.CLIENT, attributes: { [ATTR.channel]: channel } },
        parent,
      );
      return contextManager.with(trace.setSpan(parent, span), async () => {
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
      });
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
        contextManager.disable();
      }
    },
  };
}

import { randomFillSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Attributes, HrTime, SpanContext } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { type Resource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { type ContextCarrier, createContextCarrier } from './tracing-context';
import type { RequestSpan, SamplerSettings, Tracing } from './tracing-types';

/**
 * The tracer behind platform/tracing.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (docs/decisions/0241-traces-behind-an-endpoint.md). Spans are made by our own hooks, not by
 * instrumentation packages: those patch `require` and `import` of fastify and pg, which the bundled
 * server never does. Nothing is registered with OpenTelemetry's global API, so libraries' own
 * instrumentation (Drizzle's records query parameters) stays a no-op (0244).
 *
 * The spans are records of our own, not the SDK's (docs/decisions/0263-traces-without-cost-for-untraced-requests.md):
 * a name, a kind, two clock readings, the attributes and a parent, with no processors, limits or
 * clock anchoring; their ids are drawn when they are exported. Finished ones are queued and exported
 * in batches through OpenTelemetry's OTLP/HTTP exporter (its JSON, headers, timeout and retries),
 * which reads them as the SDK's readable spans. Their context is carried by tracing-context.ts.
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

/** OpenTelemetry's SpanKind and SpanStatusCode values (the API's enums, without loading it for two numbers). */
const SERVER = 1;
const CLIENT = 2;
const STATUS_UNSET = { code: 0 };
const STATUS_ERROR = { code: 2 };
const NOTHING: never[] = [];
const SCOPE = { name: 'halalnosh' };

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

/** A caller's span from a W3C `traceparent` (the format of OpenTelemetry's W3C propagator, read the same way). */
export type RemoteParent = { traceId: string; spanId: string; sampled: boolean };
const TRACEPARENT = /^\s?((?!ff)[\da-f]{2})-((?![0]{32})[\da-f]{32})-((?![0]{16})[\da-f]{16})-([\da-f]{2})(-.*)?\s?$/;

export function parseTraceparent(header: string | string[] | undefined): RemoteParent | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = TRACEPARENT.exec(value);
  // Version 00 has exactly four fields; a later version may add more.
  if (!match || (match[1] === '00' && match[5])) return null;
  return { traceId: match[2]!, spanId: match[3]!, sampled: (parseInt(match[4]!, 16) & 1) === 1 };
}

/** Random ids as hex, drawn from a pool of random bytes refilled when spent (at export only). */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function randomHex(bytes: number): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const hex = pool.toString('hex', poolAt, poolAt + bytes);
  poolAt += bytes;
  return /^0+$/.test(hex) ? randomHex(bytes) : hex;
}

/** The trace a span belongs to: the caller's id, or one drawn at export. */
class TraceIds {
  constructor(
    public id: string | undefined,
    readonly state: string | undefined,
  ) {}
}

/** performance.now() (milliseconds since the process's time origin) as the epoch's seconds and nanoseconds. */
const originSeconds = Math.floor(performance.timeOrigin / 1000);
const originMs = performance.timeOrigin - originSeconds * 1000;
function hrTime(ms: number): HrTime {
  const sinceSecond = originMs + ms;
  const whole = Math.floor(sinceSecond / 1000);
  const nanos = Math.round((sinceSecond - whole * 1000) * 1e6);
  return nanos >= 1e9 ? [originSeconds + whole + 1, nanos - 1e9] : [originSeconds + whole, nanos];
}

/**
 * One span: what the request, statement and send hooks record, and what the exporter reads (the
 * SDK's ReadableSpan shape: everything beyond the fields is computed at export).
 */
class SpanRecord implements ReadableSpan {
  /** Drawn when first exported (its own export or a child's). */
  private spanId: string | undefined = undefined;
  private readonly startMs = performance.now();
  private endMs = 0;
  error = false;
  readonly ended = true;
  readonly links = NOTHING;
  readonly events = NOTHING;
  readonly droppedAttributesCount = 0;
  readonly droppedEventsCount = 0;
  readonly droppedLinksCount = 0;
  readonly instrumentationScope = SCOPE;

  constructor(
    readonly name: string,
    readonly kind: number,
    readonly attributes: Attributes,
    readonly trace: TraceIds,
    private readonly parent: SpanRecord | RemoteParent | null,
    readonly resource: Resource,
  ) {}

  finish(): void {
    this.endMs = performance.now();
  }

  spanContext(): SpanContext {
    return {
      traceId: (this.trace.id ??= randomHex(16)),
      spanId: (this.spanId ??= randomHex(8)),
      traceFlags: 1,
      traceState: this.trace.state ? new TraceState(this.trace.state) : undefined,
    };
  }

  get parentSpanContext(): SpanContext | undefined {
    const parent = this.parent;
    if (!parent) return undefined;
    if (parent instanceof SpanRecord) return parent.spanContext();
    return { traceId: parent.traceId, spanId: parent.spanId, traceFlags: parent.sampled ? 1 : 0, isRemote: true };
  }

  get startTime(): HrTime {
    return hrTime(this.startMs);
  }

  get endTime(): HrTime {
    return hrTime(this.endMs);
  }

  get duration(): HrTime {
    const ms = this.endMs - this.startMs;
    const seconds = Math.floor(ms / 1000);
    return [seconds, Math.round((ms - seconds * 1000) * 1e6)];
  }

  get status() {
    return this.error ? STATUS_ERROR : STATUS_UNSET;
  }
}

/** A batch setting: the OTEL_BSP_* variable when set to a positive number, else ours. */
function batchSetting(name: string, value: number): number {
  const given = Number(process.env[name]);
  return Number.isFinite(given) && given > 0 ? given : value;
}

export function createTracing(settings: { endpoint: string; serviceName: string; sampler?: SamplerSettings }): Tracing {
  const carrier: ContextCarrier<SpanRecord> = createContextCarrier<SpanRecord>();
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR.serviceName]: settings.serviceName, [ATTR.serviceInstance]: randomUUID() }),
  );
  // JSON over HTTP (the exporter's default encoding); OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT and
  // _COMPRESSION are read by the exporter itself.
  const exporter = new OTLPTraceExporter({ url: tracesUrl(settings.endpoint) });
  // The batches: a queue that holds a few seconds of a busy server's spans with every request
  // traced, in few, large exports; the OTEL_BSP_* variables (the SDK's names) override each.
  const maxQueue = batchSetting('OTEL_BSP_MAX_QUEUE_SIZE', 16_384);
  const maxBatch = Math.min(maxQueue, batchSetting('OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 2_048));
  const delayMs = batchSetting('OTEL_BSP_SCHEDULE_DELAY', 2_000);
  let queue: SpanRecord[] = [];
  let timer: NodeJS.Timeout | null = null;
  const exporting = new Set<Promise<void>>();

  const exportBatch = (batch: SpanRecord[]): void => {
    const done = new Promise<void>((resolve) => {
      // A failed export drops its spans (the exporter has retried by then): tracing never fails a request.
      exporter.export(batch, () => resolve());
    }).finally(() => exporting.delete(done));
    exporting.add(done);
  };
  const exportQueued = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      exportBatch(batch);
    }
  };
  const finished = (span: SpanRecord): void => {
    span.finish();
    // Past the queue's bound a span is dropped: a collector that cannot keep up costs no memory.
    if (queue.length >= maxQueue) return;
    queue.push(span);
    if (queue.length >= maxBatch) exportQueued();
    else if (!timer) {
      timer = setTimeout(exportQueued, delayMs);
      timer.unref();
    }
  };

  const flush = async (): Promise<void> => {
    exportQueued();
    while (exporting.size) await Promise.all([...exporting]);
    await exporter.forceFlush();
  };

  const sampler = settings.sampler ?? { name: 'parentbased_always_on', ratio: 1 };
  const followsParent = sampler.name.startsWith('parentbased_');
  const root = rootDecision(sampler);

  const errorOf = (err: unknown): string =>
    (err as { code?: unknown })?.code && typeof (err as { code?: unknown }).code === 'string'
      ? (err as { code: string }).code
      : err instanceof Error
        ? err.name
        : 'Error';

  return {
    request(request) {
      // All an untraced request costs: the header's lookup and, without a caller's decision, one random draw.
      const header = request.headers.traceparent;
      const caller = header === undefined ? null : parseTraceparent(header);
      if (!(caller && followsParent ? caller.sampled : root())) return null;
      const method = request.method;
      const route = request.routeOptions.url ?? null;
      const attributes: Attributes = {
        [ATTR.method]: method,
        [ATTR.scheme]: request.protocol,
        [ATTR.requestId]: request.id,
      };
      if (route) attributes[ATTR.route] = route;
      const state = caller ? request.headers.tracestate : undefined;
      // The route's pattern, never the address: no ids, tokens or query strings in a span's name.
      const span = new SpanRecord(
        route ? `${method} ${route}` : method,
        SERVER,
        attributes,
        new TraceIds(caller?.traceId, Array.isArray(state) ? state.join(',') : state),
        caller,
        resource,
      );
      let errorType: string | null = null;
      let ended = false;
      const traced: RequestSpan = {
        enter(next) {
          carrier.run(span, next);
        },
        failed(type) {
          errorType = type;
        },
        end(statusCode) {
          if (ended) return;
          ended = true;
          if (statusCode !== null) attributes[ATTR.status] = statusCode;
          if (statusCode !== null && statusCode >= 500) {
            attributes[ATTR.errorType] = errorType ?? String(statusCode);
            span.error = true;
          }
          finished(span);
        },
      };
      return traced;
    },

    inSpan: () => carrier.current() !== undefined,

    statement(kind, summary) {
      // Only inside a traced request or send: the sweepers' passes, the start-up's migration and
      // the requests the sampler dropped make no spans.
      const parent = carrier.current();
      if (!parent) return () => undefined;
      const attributes: Attributes = {
        [ATTR.dbSystem]: 'postgresql',
        [ATTR.dbDriver]: kind,
        [ATTR.dbOperation]: summary.operation,
      };
      if (summary.table) attributes[ATTR.dbTable] = summary.table;
      const span = new SpanRecord(
        summary.table ? `${summary.operation} ${summary.table}` : summary.operation,
        CLIENT,
        attributes,
        parent.trace,
        parent,
        resource,
      );
      return (errorCode) => {
        if (errorCode !== null) {
          // The SQLSTATE only: a database error's message quotes the row's values.
          attributes[ATTR.dbStatus] = errorCode;
          attributes[ATTR.errorType] = errorCode;
          span.error = true;
        }
        finished(span);
      };
    },

    send(channel, run, outcomeOf) {
      // Inside a traced request or send: its child. Outside one (the outbox worker, or the mail of
      // a request the sampler dropped): a root of its own, which the sampler decides on.
      const parent = carrier.current();
      if (!parent && !root()) return run();
      const attributes: Attributes = { [ATTR.channel]: channel };
      const span = new SpanRecord(
        `send ${channel}`,
        CLIENT,
        attributes,
        parent ? parent.trace : new TraceIds(undefined, undefined),
        parent ?? null,
        resource,
      );
      return carrier.run(span, async () => {
        try {
          const result = await run();
          const outcome = outcomeOf(result);
          attributes[ATTR.outcome] = outcome;
          if (outcome !== 'sent') span.error = true;
          return result;
        } catch (err) {
          // The error's type, not its text: an SMTP refusal quotes the address.
          attributes[ATTR.outcome] = 'error';
          attributes[ATTR.errorType] = errorOf(err);
          span.error = true;
          throw err;
        } finally {
          finished(span);
        }
      });
    },

    bind: (fn) => carrier.bind(fn),

    flush,

    async shutdown(deadlineMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      });
      try {
        // An unreachable collector must not hold the stop past its deadline: what is not out by then is dropped.
        await Promise.race([
          flush()
            .then(() => exporter.shutdown())
            .catch(() => undefined),
          late,
        ]);
      } finally {
        clearTimeout(timer);
        carrier.stop();
      }
    },
  };
}

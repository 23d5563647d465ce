/** The shapes platform/tracing.ts and platform/tracing-otel.ts share (docs/decisions/0241-traces-behind-an-endpoint.md). */

/**
 * Which traces are kept (OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, the standard's names and
 * meanings): decided once per trace root, at the request's first hook or at a send made outside a
 * request; a `parentbased_` sampler follows an incoming `traceparent`'s sampled flag instead.
 */
export type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';
export type SamplerSettings = { name: SamplerName; ratio: number };

export type TracingSettings = {
  endpoint: string | null;
  serviceName: string;
  /** Omitted: every trace kept (`parentbased_always_on`); the config's default is a ratio (docs/decisions/0244-traces-sampled-at-the-request.md). */
  sampler?: SamplerSettings;
};

/** What a statement's span carries: its operation and table, never its text or parameters. */
export type StatementSummary = { operation: string; table: string | null };

/** The request's span, ended by the response hook. */
export type RequestSpan = {
  /** Runs `next` inside the span's context. */
  enter(next: () => void): void;
  /** An error the request's handling raised: its type (class or code), never its message. */
  failed(errorType: string): void;
  /** Ends the span with the answer's status, or without one when the client went away first. */
  end(statusCode: number | null): void;
};

/** The outcome a send span records: no address, no provider text. */
export type SendOutcome = 'sent' | 'retry' | 'refused' | 'error' | 'timeout';

/** What the request hook reads of a request (a Fastify request): its fields are read only when the request is traced. */
export type TracedRequest = {
  method: string;
  /** The request id (docs/decisions/0231-logs-without-personal-data.md). */
  id: string;
  protocol: string;
  /** The router's matched pattern (`/api/orders/:id`); no url when no route matched. */
  routeOptions: { url?: string };
  headers: Record<string, string | string[] | undefined>;
};

export type Tracing = {
  /**
   * Decides whether the request is traced (the sampler, once: an incoming W3C `traceparent`'s
   * sampled flag under a `parentbased_` sampler, else one random draw) and, when it is, starts its
   * span (its parent from that `traceparent`); `enter` runs the rest of the request (every later
   * hook and the handler) inside it. Null when the sampler drops it: then nothing is made or read
   * beyond the header, no context is entered, and its statements make no spans.
   */
  request(request: TracedRequest): RequestSpan | null;
  /** Whether a sampled span is current (a traced request or send): statements outside one make no span and cost no more. */
  inSpan(): boolean;
  /** Starts a database statement's span as a child of the current one; call the result when it settles. */
  statement(kind: 'pglite' | 'postgres', summary: StatementSummary): (errorCode: string | null) => void;
  /**
   * Runs a send inside a span of its own (its database statements are its children): a child of
   * the current span, or outside one a root the sampler decides on.
   */
  send<T>(channel: string, run: () => Promise<T>, outcomeOf: (result: T) => SendOutcome): Promise<T>;
  /** `fn` running in the current span's context wherever it is called from (a pool's callback); `fn` itself outside a span. */
  bind<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** Exports every finished span now (tests; the stop flushes by itself). */
  flush(): Promise<void>;
  /** Exports what is left and stops; waits at most `deadlineMs`. */
  shutdown(deadlineMs: number): Promise<void>;
};

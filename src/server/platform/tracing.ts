import type { SendOutcome, StatementSummary, Tracing, TracingSettings } from './tracing-types';

/**
 * Traces (docs/decisions/0241-traces-behind-an-endpoint.md): off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * is set. This module is all the rest of the server sees: it holds no OpenTelemetry import, so a
 * server without the endpoint loads none of it and pays one null check per request, statement and
 * send. With the endpoint, startTracing imports platform/tracing-otel.ts (a chunk of its own in
 * the bundle) and the hooks below make the spans: the HTTP request (plugins/tracing.ts), each
 * database statement (db/client.ts) and each push, SMS and e-mail send.
 */

export type { RequestSpan, SendOutcome, StatementSummary, Tracing, TracingSettings } from './tracing-types';

let active: Tracing | null = null;
let starting: Promise<Tracing | null> | null = null;
let loaded = false;

/** The running tracer, or null when traces are off (the common case: one check, nothing else). */
export function tracing(): Tracing | null {
  return active;
}

/** Whether the OpenTelemetry module has ever been imported in this process (tests check it was not): this is its only importer. */
export function tracingModuleLoaded(): boolean {
  return loaded;
}

/**
 * Starts tracing when the settings name an endpoint; without one, nothing is imported and null is
 * returned. One tracer per process: a second call returns the running one.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing | null> {
  if (!settings.endpoint) return null;
  if (active) return active;
  const endpoint = settings.endpoint;
  starting ??= import('./tracing-otel').then(({ createTracing }) => {
    loaded = true;
    active = createTracing({ endpoint, serviceName: settings.serviceName, sampler: settings.sampler });
    return active;
  });
  try {
    return await starting;
  } finally {
    starting = null;
  }
}

/** Flushes and stops the running tracer, if any (the app's close: docs/decisions/0234-graceful-stop-with-a-deadline.md). */
export async function stopTracing(deadlineMs = 5000): Promise<void> {
  const running = active;
  active = null;
  await running?.shutdown(deadlineMs);
}

/** Runs a send, inside a span of its own when tracing is on. */
export function traceSend<T>(
  channel: string,
  run: () => Promise<T>,
  outcomeOf: (result: T) => SendOutcome,
): Promise<T> {
  return active ? active.send(channel, run, outcomeOf) : run();
}

const summaries = new Map<string, StatementSummary>();
const SUMMARY_CACHE = 1000;

/**
 * The operation (first keyword) and the table (after the first `from`, `into` or `update`) of a
 * statement, read from its text with parameters as `$1`: the text itself never leaves the process,
 * since statements written with literals would carry their values. Remembered per text (Drizzle
 * sends the same texts again and again), so a statement costs a map lookup.
 */
export function summarizeStatement(text: string): StatementSummary {
  const known = summaries.get(text);
  if (known) return known;
  const head = text.slice(0, 4000);
  const operation = (/^\s*(?:--[^\n]*\n\s*)*([a-z]+)/i.exec(head)?.[1] ?? 'QUERY').toUpperCase();
  const table = /\b(?:from|into|update)\s+(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/i.exec(head)?.[1] ?? null;
  const summary = { operation, table: table && !KEYWORDS.has(table.toLowerCase()) ? table : null };
  if (summaries.size >= SUMMARY_CACHE) summaries.clear();
  summaries.set(text, summary);
  return summary;
}

/** Words that follow `from` without being a table (`from (select …)`, `delete from only`, `update set`). */
const KEYWORDS = new Set(['select', 'only', 'lateral', 'unnest', 'json_to_recordset', 'jsonb_to_recordset', 'set']);

/** The text of a query call's first argument: a string, or node-postgres's `{ text }` config. */
export function statementText(first: unknown): string | null {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string')
    return (first as { text: string }).text;
  return null;
}

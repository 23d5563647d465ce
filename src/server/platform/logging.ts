import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { redactUrl } from './redact-url';

/**
 * What the request log keeps, and nothing more (docs/decisions/0231-logs-without-personal-data.md):
 * every line of a request carries its id (`reqId`), headers are never logged whole (cookies,
 * authorization and set-cookie are censored should anything log them), URLs lose their tokens and
 * personal query values (platform/redact-url.ts), bodies are never logged, and an error keeps its
 * message and stack but not the values a database error quotes (`detail`, the query's parameters).
 */

/** An incoming X-Request-Id (nginx's $request_id, or another proxy's) is kept when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.authorization',
];

/** Database errors quote the row's values: "Key (email)=(a@b.example) already exists", "params: …". */
function safeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  const out: Record<string, unknown> = {
    type: e.name,
    message: scrubMessage(e.message),
    stack: e.stack ? scrubMessage(e.stack) : undefined,
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause instanceof Error) out.cause = safeError(e.cause);
  return out;
}

/** Drizzle's "Failed query: … params: a,b" and PostgreSQL's "Key (x)=(v)" name values: cut them. */
export function scrubMessage(message: string): string {
  return (
    message
      .replace(/\nparams: [^\n]*/g, '\nparams: [redacted]')
      .replace(/\(([^()]*)\)=\([^\n]*?\)( already exists| is not present| conflicts)/g, '($1)=([redacted])$2')
      // An SMTP refusal quotes the recipient.
      .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g, '[e-mail]')
  );
}

type Req = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** Pino settings for the server: JSON lines in production or when not on a terminal, pino-pretty on a developer's terminal. */
export function loggerOptions(opts: {
  level: string;
  production: boolean;
  stream?: { write(line: string): void };
  /** Defaults to whether stdout is a terminal. */
  tty?: boolean;
}): NonNullable<FastifyServerOptions['logger']> & object {
  const pretty = !opts.stream && !opts.production && (opts.tty ?? process.stdout.isTTY === true);
  return {
    level: opts.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Reset, confirmation, invitation and order tokens travel in URLs: logged without them.
      req: (req: Req) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (e: Error) => safeError(e) as { type: string; message: string; stack: string },
    },
    ...(opts.stream ? { stream: opts.stream } : {}),
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

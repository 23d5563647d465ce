import type { LightMyRequestResponse } from 'fastify';
import type { Call } from './route-expectations';
import { type World, as } from './security-world';

/** A call's HTTP method from its route key ("POST /api/…"). */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends one call as its actor. A request that opens a live stream would never end, so a call
 * that has not answered within `timeoutMs` resolves as status 0 (and is reported by the caller).
 */
export async function injectAs(
  w: World,
  method: Method,
  call: Call,
  opts: { timeoutMs?: number; extraHeaders?: Record<string, string> } = {},
): Promise<{ status: number; body: string; json: () => unknown; res: LightMyRequestResponse | null }> {
  const headers = as(w, call.actor, { ...(call.headers ?? {}), ...(opts.extraHeaders ?? {}) });
  const payload =
    call.payload === undefined
      ? undefined
      : typeof call.payload === 'string'
        ? call.payload
        : JSON.stringify(call.payload);
  if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), opts.timeoutMs ?? 10_000);
  });
  const res = await Promise.race([w.t.app.inject({ method, url: call.url, headers, payload }), hung]);
  clearTimeout(timer);
  if (!res) return { status: 0, body: '(no answer: a stream was opened)', json: () => null, res: null };
  return { status: res.statusCode, body: res.body, json: () => res.json(), res };
}

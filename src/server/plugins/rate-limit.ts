import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { WriteLimit } from '../config';
import type { Db } from '../db/client';
import { pgliteOf } from '../db/prepared';

export type Hit = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts `n` requests against `key` in a fixed window in one statement on the shared `rate_limit`
 * table (better-auth's; our keys start "halalnosh:"), so every server process counts together and
 * two requests at once cannot both take the last slot. `last_request` holds the window's start for
 * our keys. Returns the count after the n requests, and the window's start.
 */
async function count(
  db: Db,
  key: string,
  n: number,
  windowSeconds: number,
  now: number,
): Promise<{ count: number; started: number }> {
  const expired = now - windowSeconds * 1000;
  const { rows } = await db.execute<{ count: number; last_request: string | number }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, ${n}, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${expired} then ${n} else rate_limit.count + ${n} end,
      last_request = case when rate_limit.last_request <= ${expired} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  return { count: Number(rows[0].count), started: Number(rows[0].last_request) };
}

/**
 * On PGlite the database belongs to this one process (docs/decisions/0183-order-placement-cpu.md):
 * the same fixed windows are counted in memory, per embedded database, with no statement. A
 * restart starts the windows afresh.
 */
const inMemory = new WeakMap<object, Map<string, { count: number; started: number }>>();
function countInMemory(client: object, key: string, n: number, windowSeconds: number, now: number) {
  let windows = inMemory.get(client);
  if (!windows) inMemory.set(client, (windows = new Map()));
  const expired = now - windowSeconds * 1000;
  let entry = windows.get(key);
  if (!entry || entry.started <= expired) {
    // Windows that have ended are dropped as new ones open, so the map holds recent keys only.
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.started <= expired) windows.delete(k);
    windows.set(key, (entry = { count: 0, started: now }));
  }
  entry.count += n;
  return { count: entry.count, started: entry.started };
}

type Waiter = { max: number; resolve: (hit: Hit) => void; reject: (err: unknown) => void };
/** Per database and key: the requests waiting while that key's statement is in flight. */
const queues = new WeakMap<Db, Map<string, Waiter[]>>();

/**
 * Counts one request against `key` in a fixed window and says whether it is within `max`.
 * Requests for the same key that arrive while its statement is in flight are counted together
 * in the next one (count + n), each taking its own slot in arrival order: a busy key (one IP, one
 * account) costs one row lock and one commit per round trip instead of one per request, with the
 * same exact, shared count.
 */
export function hit(db: Db, key: string, max: number, windowSeconds: number, now?: number): Promise<Hit> {
  const embedded = pgliteOf(db);
  if (embedded) {
    const at = now ?? Date.now();
    const r = countInMemory(embedded, key, 1, windowSeconds, at);
    return Promise.resolve(verdict(r.count, r.started, max, windowSeconds, at));
  }
  if (now !== undefined) {
    // An explicit clock (tests): counted on its own.
    return count(db, key, 1, windowSeconds, now).then((r) => verdict(r.count, r.started, max, windowSeconds, now));
  }
  let byKey = queues.get(db);
  if (!byKey) queues.set(db, (byKey = new Map()));
  const waiting = byKey.get(key);
  return new Promise<Hit>((resolve, reject) => {
    if (waiting) waiting.push({ max, resolve, reject });
    else {
      byKey.set(key, []);
      void flush(db, byKey, key, windowSeconds, [{ max, resolve, reject }]);
    }
  });
}

async function flush(
  db: Db,
  byKey: Map<string, Waiter[]>,
  key: string,
  windowSeconds: number,
  batch: Waiter[],
): Promise<void> {
  const now = Date.now();
  try {
    const r = await count(db, key, batch.length, windowSeconds, now);
    // The batch took the slots (count - n, count]; the first waiter the lowest.
    batch.forEach((w, i) => w.resolve(verdict(r.count - batch.length + 1 + i, r.started, w.max, windowSeconds, now)));
  } catch (err) {
    for (const w of batch) w.reject(err);
  }
  const next = byKey.get(key) ?? [];
  if (next.length) {
    byKey.set(key, []);
    void flush(db, byKey, key, windowSeconds, next);
  } else byKey.delete(key);
}

function verdict(count: number, started: number, max: number, windowSeconds: number, now: number): Hit {
  return {
    allowed: count <= max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)),
  };
}

/**
 * A route hook that limits a kind of write per client IP and, when signed in, per account:
 * 429 RATE_LIMITED with Retry-After past either. Runs after the policy check (route hooks follow
 * the app's), counts refused attempts too, and uses request.ip, which is only as good as the
 * trustProxy setting (config.trustProxy).
 */
export function rateLimited(db: Db, name: string, limit: WriteLimit, windowSeconds: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const checks: [string, number][] = [[`halalnosh:${name}:ip:${request.ip}`, limit.perIp]];
    if (request.actor) checks.push([`halalnosh:${name}:user:${request.actor.userId}`, limit.perAccount]);
    for (const [key, max] of checks) {
      const result = await hit(db, key, max, windowSeconds);
      if (!result.allowed) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a few minutes and try again.');
      }
    }
  };
}

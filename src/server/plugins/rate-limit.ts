import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { WriteLimit } from '../config';
import type { Db } from '../db/client';

export type Hit = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one request against `key` in a fixed window and says whether it is within `max`.
 * One statement on the shared `rate_limit` table (better-auth's; our keys start "halalnosh:"), so
 * every server process counts together and two requests at once cannot both take the last slot.
 * `last_request` holds the window's start for our keys.
 */
export async function hit(db: Db, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<Hit> {
  const windowMs = windowSeconds * 1000;
  const expired = now - windowMs;
  const { rows } = await db.execute<{ count: number; last_request: string | number }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${expired} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${expired} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const count = Number(rows[0].count);
  const started = Number(rows[0].last_request);
  return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)) };
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

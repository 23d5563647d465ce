import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import type { BackgroundTasks } from '../../platform/background-tasks';
import { hit } from '../../plugins/rate-limit';

export const RESET_REQUEST_PATH = '/api/auth/request-password-reset';

/** better-auth's own words for every reset request, known address or not. */
export const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

const resetBody = z.object({
  email: z.email('Please enter a valid email address').max(254),
  // A path on this site: the mailed link must not lead anywhere else.
  redirectTo: z
    .string()
    .max(200)
    .regex(/^\/(?![/\\])/, 'redirectTo must be a path on this site')
    .optional(),
});

/** Reset requests per client IP per minute, as better-auth allowed before (modules/auth/better-auth.ts). */
export const RESET_REQUESTS_PER_MINUTE = 5;

/**
 * POST /api/auth/request-password-reset, answered the same way whether the address has an account
 * or not (docs/decisions/0204-password-reset-tokens-and-timing.md): the steps before the answer
 * (read the body, count the IP, queue the request) never look the address up, so neither the
 * answer nor its timing can tell the two apart. better-auth does the lookup, the token and the
 * mail after the answer, as a background task.
 */
export async function answerResetRequest(
  deps: { db: Db; background: BackgroundTasks; forward: (request: FastifyRequest) => Promise<unknown> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const parsed = resetBody.safeParse(request.body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({
      in: 'body' as const,
      path: i.path.join('.'),
      message: i.message,
    }));
    throw new AppError('VALIDATION_ERROR', parsed.error.issues[0].message, { fields });
  }
  const limit = await hit(deps.db, `halalnosh:password-reset:ip:${request.ip}`, RESET_REQUESTS_PER_MINUTE, 60);
  if (!limit.allowed) {
    reply.header('retry-after', String(limit.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
  }
  deps.background.run('password reset request', () => deps.forward(request));
  return reply.status(200).send(RESET_REQUESTED);
}

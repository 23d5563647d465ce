import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, session as sessions } from '../../db/schema/index';
import { hit } from '../../plugins/rate-limit';
import { notifyEmailChangeRequested } from '../notifications';
import { PATH_SCOPED_HOOKS } from './path-scoped-hooks';

/** Tries of the password on a change of e-mail per account, in 15 minutes (docs/decisions/0203-secret-check-limits.md). */
export const CHANGE_EMAIL_TRIES = 5;
const WINDOW_SECONDS = 15 * 60;

export const CHANGE_EMAIL_MESSAGES = {
  passwordMissing: 'Please enter your current password.',
  passwordWrong: 'That password is not right. Please try again.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function passwordMatches(db: Db, ctx: Ctx, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash) return false;
  return ctx.context.password.verify({ hash: credential.hash, password });
}

/**
 * A change of the account e-mail (docs/product/customer.md#profile) is a takeover if a borrowed or
 * stolen session can make it, so (docs/decisions/0203-secret-check-limits.md): before better-auth
 * mails the new address, the current password is required (5 tries per account in 15 minutes);
 * once the request is accepted, the old address is told through the outbox and every other session
 * of the account ends. The same happens whether or not the new address is already taken, so the
 * answer still tells nobody which addresses have accounts.
 */
export function changeEmailHooks(db: Db, sessionsEnded?: (userId: string) => Promise<void>) {
  const hooks = {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/change-email') return;
      const current = await getSessionFromCtx(ctx);
      if (!current) return; // better-auth answers 401 itself
      const tries = await hit(db, `halalnosh:change-email:user:${current.user.id}`, CHANGE_EMAIL_TRIES, WINDOW_SECONDS);
      if (!tries.allowed) {
        throw new APIError('TOO_MANY_REQUESTS', { message: CHANGE_EMAIL_MESSAGES.tooMany });
      }
      const password = (ctx.body as { password?: unknown } | undefined)?.password;
      if (typeof password !== 'string' || !password) {
        throw new APIError('BAD_REQUEST', { message: CHANGE_EMAIL_MESSAGES.passwordMissing });
      }
      if (!(await passwordMatches(db, ctx, current.user.id, password))) {
        throw new APIError('BAD_REQUEST', { message: CHANGE_EMAIL_MESSAGES.passwordWrong });
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/change-email') return;
      const returned = ctx.context.returned;
      if (!returned || returned instanceof APIError || returned instanceof Error) return;
      if (returned instanceof Response && !returned.ok) return;
      const current = await getSessionFromCtx(ctx);
      if (!current) return;
      const newEmail = String((ctx.body as { newEmail?: unknown }).newEmail ?? '').toLowerCase();
      await db.transaction(async (tx) => {
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, current.user.id), ne(sessions.token, current.session.token)));
        await notifyEmailChangeRequested(tx, {
          userId: current.user.id,
          oldEmail: current.user.email,
          newEmail,
        });
      });
      // The ended sessions' open live streams are re-checked at once (docs/decisions/0198-live-streams-end-with-access.md).
      await sessionsEnded?.(current.user.id);
    }),
  };
  PATH_SCOPED_HOOKS.add(hooks.before);
  PATH_SCOPED_HOOKS.add(hooks.after);
  return hooks;
}

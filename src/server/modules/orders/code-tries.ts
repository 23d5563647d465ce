import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { CODE_FREE_TRIES, CODE_MAX_TRIES, CODE_WAIT_MINUTES } from '../../../domain/code-attempts';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs } from '../../db/schema/index';

/** Which hand-over code of a job: the driver's pickup code or the customer's delivery code. */
export type HandOverCode = 'pickup' | 'delivery';

const COUNTS = {
  pickup: { failures: deliveryJobs.pickupCodeFailures, at: deliveryJobs.pickupCodeFailedAt },
  delivery: { failures: deliveryJobs.codeFailures, at: deliveryJobs.codeFailedAt },
} as const;

function counts(which: HandOverCode, failures: unknown, at: Date | null) {
  return which === 'pickup'
    ? { pickupCodeFailures: failures as number, pickupCodeFailedAt: at }
    : { codeFailures: failures as number, codeFailedAt: at };
}

/**
 * Takes one try of a job's code before it is compared (domain/code-attempts.ts,
 * docs/decisions/0203-secret-check-limits.md): one conditional update, so guesses sent at once
 * cannot slip past the limit, committed on its own so a refused code still counts. Past the limit:
 * 429 with the wait or lock message.
 */
export async function takeCodeTry(
  db: DbOrTx,
  jobId: string,
  which: HandOverCode,
  messages: { wait: string; locked: string },
  now = new Date(),
): Promise<void> {
  const c = COUNTS[which];
  const waited = new Date(now.getTime() - CODE_WAIT_MINUTES * 60_000);
  const [slot] = await db
    .update(deliveryJobs)
    .set(counts(which, sql`${c.failures} + 1`, now))
    .where(
      and(
        eq(deliveryJobs.id, jobId),
        or(lt(c.failures, CODE_FREE_TRIES), and(lt(c.failures, CODE_MAX_TRIES), or(isNull(c.at), lte(c.at, waited)))),
      ),
    )
    .returning({ id: deliveryJobs.id });
  if (slot) return;
  const [row] = await db.select({ failures: c.failures }).from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
  throw new AppError('RATE_LIMITED', (row?.failures ?? 0) >= CODE_MAX_TRIES ? messages.locked : messages.wait);
}

/** The right code: the count starts afresh. */
export async function clearCodeTries(db: DbOrTx, jobId: string, which: HandOverCode): Promise<void> {
  await db
    .update(deliveryJobs)
    .set(counts(which, 0, null))
    .where(eq(deliveryJobs.id, jobId));
}

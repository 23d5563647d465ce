import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { account, session, user } from './db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { seedCities } from './db/seed/seed-catalog';
import { seedDemo } from './db/seed/seed-demo';
import { recordAudit } from './modules/audit';
import type { UploadStorage } from './platform/upload-storage';

export type StartUpLog = { info: (message: string) => void; warn: (message: string) => void };

/**
 * What a start puts in the database: the city directory (reference data) always; the demo
 * restaurants and accounts only in demo mode, which production has only with DEMO=1
 * (docs/decisions/0197-no-demo-in-production-and-first-admin.md). Production without demo mode
 * also takes the published password from demo accounts an earlier start left behind.
 */
export async function seedOnStart(
  database: Database,
  config: Pick<Config, 'demo' | 'production'>,
  log: StartUpLog,
  uploadStorage: UploadStorage,
): Promise<void> {
  if (config.demo) await seedDemo(database.db, { log: log.info, storage: uploadStorage });
  else await seedCities(database.db);
  if (config.production && !config.demo) {
    for (const email of await retireDemoPasswords(database.db)) {
      log.warn(
        `Demo account ${email} still signed in with the published demo password: that password no longer works for it (reset its password, or remove the account).`,
      );
    }
  }
}

/**
 * Releases before this one seeded demo accounts in production on the embedded database. Each one
 * that still has the demo password gets an unguessable one instead and loses its sessions, audited;
 * a demo account whose password was changed is left alone. Returns the e-mails changed.
 */
export async function retireDemoPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ userId: user.id, email: user.email, hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(
      inArray(
        user.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const retired: string[] = [];
  for (const row of rows) {
    if (!row.hash || !(await verifyPassword({ hash: row.hash, password: DEMO_PASSWORD }))) continue;
    const unguessable = await hashPassword(randomBytes(32).toString('base64url'));
    await db.transaction(async (tx) => {
      await tx
        .update(account)
        .set({ password: unguessable, updatedAt: new Date() })
        .where(and(eq(account.userId, row.userId), eq(account.providerId, 'credential')));
      await tx.delete(session).where(eq(session.userId, row.userId));
      await recordAudit(tx, {
        actionType: 'demo_password_retired',
        entityType: 'user',
        entityId: row.userId,
        actor: null,
        details: { email: row.email },
      });
    });
    retired.push(row.email);
  }
  return retired;
}

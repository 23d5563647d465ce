import { hashPassword } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { insertAccount } from '../db/seed/insert-account';
import { teamMembers, user, userProfiles } from '../db/schema/index';
import { recordAudit } from '../modules/audit';

/**
 * `npm run create-admin`: the first super_admin of a real deployment, which has no demo accounts
 * (docs/decisions/0197-no-demo-in-production-and-first-admin.md, docs/deploy.md).
 */

/** A refusal with the exit code the command ends with: 2 for bad usage or input, 1 for anything else. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

export const USAGE = `Usage: npm run create-admin -- --email <address> --name "<full name>" [--force]

Creates a super_admin who signs in at /admin/login. The password is read from standard input:
typed twice at a terminal (not shown), or the first line of what is piped in. It is never an
argument, which would stay in the shell's history.

  --email   the admin's e-mail address (the sign-in name)
  --name    their full name, as the back office shows it
  --force   add a super_admin even though one exists (when every super_admin has lost access)

The database is the server's: DATABASE_URL, else the embedded one under DATA_DIR (./data), which
only one process can open at a time: stop the server first.`;

export type CreateAdminArgs = { email: string; name: string; force: boolean };

const argsSchema = z.object({
  email: z
    .string({ error: 'Give the admin e-mail address with --email' })
    .trim()
    .toLowerCase()
    .pipe(z.email('--email must be a valid e-mail address, such as ops@example.co.uk')),
  name: z
    .string({ error: 'Give the admin full name with --name' })
    .trim()
    .min(1, 'Give the admin full name with --name')
    .max(120, '--name must be at most 120 characters'),
  force: z.boolean(),
});

/** The password rule of every sign-up (better-auth's minPasswordLength, the invite sign-up contract). */
const passwordSchema = z
  .string()
  .min(8, 'The password must be at least 8 characters')
  .max(128, 'The password must be at most 128 characters');

/** Reads the command line; `null` asks for the usage text (--help). */
export function parseCreateAdminArgs(argv: readonly string[]): CreateAdminArgs | null {
  const values: { email?: string; name?: string; force: boolean } = { force: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') ? splitFlag(argv[i]) : [argv[i], undefined];
    if (flag === '--help' || flag === '-h') return null;
    if (flag === '--force') {
      values.force = true;
      continue;
    }
    if (flag === '--password' || flag.startsWith('--pass')) {
      throw new CommandError(
        'The password is not taken as an argument (it would stay in the shell history): type it when asked, or pipe it on standard input.',
        2,
      );
    }
    if (flag !== '--email' && flag !== '--name') throw new CommandError(`Unknown argument ${flag}\n\n${USAGE}`, 2);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new CommandError(`${flag} needs a value`, 2);
    values[flag === '--email' ? 'email' : 'name'] = value;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new CommandError(parsed.error.issues[0].message, 2);
  return parsed.data;
}

function splitFlag(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return at < 0 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
}

/** Checks the password against the sign-up rule; throws a CommandError saying what is wrong. */
export function checkPassword(password: string): string {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new CommandError(parsed.error.issues[0].message, 2);
  return parsed.data;
}

/** Serialises two runs against one PostgreSQL server, so they cannot both find no super_admin. */
const CREATE_ADMIN_LOCK = 7_460_197;

/** The e-mail addresses of the active super_admins, from admin profiles and team rows alike (modules/auth resolve-actor.ts). */
export async function activeSuperAdmins(db: DbOrTx): Promise<string[]> {
  const fromProfiles = await db
    .select({ email: userProfiles.email })
    .from(userProfiles)
    .where(
      and(
        eq(userProfiles.userType, 'admin'),
        eq(userProfiles.adminRole, 'super_admin'),
        eq(userProfiles.isActive, true),
      ),
    );
  const fromTeam = await db
    .select({ email: teamMembers.email })
    .from(teamMembers)
    .where(and(eq(teamMembers.role, 'super_admin'), eq(teamMembers.isActive, true)));
  return [...new Set([...fromProfiles, ...fromTeam].map((r) => r.email ?? '').filter(Boolean))].sort();
}

/**
 * Creates a confirmed super_admin account: user, password (better-auth's own hashing), admin
 * profile and team row, with its audit entry, in one transaction. Refuses when an active
 * super_admin exists unless `force`, and always when the e-mail already has an account (an
 * existing account is never promoted nor given a new password here).
 */
export async function createSuperAdmin(
  db: DbOrTx,
  input: CreateAdminArgs & { password: string },
): Promise<{ userId: string; others: string[] }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_ADMIN_LOCK})`);
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email)).limit(1);
    if (taken) {
      throw new CommandError(
        `${input.email} already has an account; nothing was changed. Use another address, or have a super_admin give that account a role from the back office (Team).`,
        1,
      );
    }
    const others = await activeSuperAdmins(tx);
    if (others.length && !input.force) {
      throw new CommandError(
        `A super_admin already exists (${others.join(', ')}); nothing was changed. Invite more admins from the back office (Team), or run again with --force to add another super_admin.`,
        1,
      );
    }
    const userId = await insertAccount(
      tx,
      { email: input.email, name: input.name, userType: 'admin', adminRole: 'super_admin' },
      passwordHash,
    );
    await recordAudit(tx, {
      actionType: 'super_admin_created',
      entityType: 'team_member',
      entityId: userId,
      actor: null,
      details: { email: input.email, role: 'super_admin', via: 'create-admin command', force: input.force },
    });
    return { userId, others };
  });
}

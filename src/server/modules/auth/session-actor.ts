import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { session, teamMembers, user, userProfiles } from '../../db/schema/index';
import type { Auth } from './better-auth';
import { PATH_SCOPED_HOOKS } from './path-scoped-hooks';
import { type ActorProfile, type ActorTeam, actorFromRow } from './resolve-actor';

/** What the lookup needs from better-auth's context, read once per auth instance. */
type SessionKeys = {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** False when the configuration makes better-auth's getSession do more than read the database. */
  readOnly: boolean;
};

const keysByAuth = new WeakMap<Auth, Promise<SessionKeys>>();

function sessionKeys(auth: Auth): Promise<SessionKeys> {
  let keys = keysByAuth.get(auth);
  if (!keys) {
    keys = auth.$context.then((ctx) => {
      const options: BetterAuthOptions = ctx.options;
      return {
        cookieName: ctx.authCookies.sessionToken.name,
        secret: ctx.secret,
        expiresInMs: ctx.sessionConfig.expiresIn * 1000,
        updateAgeMs: ctx.sessionConfig.updateAge * 1000,
        // A cookie cache, secondary storage, deferred refresh, plugins or hooks would each change
        // what getSession answers or writes: with any of them, every request asks better-auth
        // (hooks scoped to another path, such as the change of e-mail's, excepted).
        readOnly:
          options.session?.cookieCache?.enabled !== true &&
          !options.secondaryStorage &&
          !options.session?.deferSessionRefresh &&
          !options.plugins?.length &&
          (!options.hooks?.before || PATH_SCOPED_HOOKS.has(options.hooks.before)) &&
          (!options.hooks?.after || PATH_SCOPED_HOOKS.has(options.hooks.after)),
      };
    });
    keysByAuth.set(auth, keys);
  }
  return keys;
}

/**
 * The first value of cookie `name` in a Cookie header, URL-decoded, as better-call (better-auth's
 * router) parses cookies: the first of repeated names wins, surrounding quotes are dropped, and a
 * value that cannot be decoded is kept as it is.
 */
function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) break;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/**
 * The session token of a signed cookie value `token.signature`, or null when it is not signed by
 * `secret`: as better-call's getSignedCookie, the signature is the base64 HMAC-SHA256 of the
 * token, 44 characters ending in "=", decoded leniently (atob) and compared in constant time.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  let given: Buffer;
  try {
    given = Buffer.from(atob(signature), 'latin1');
  } catch {
    return null;
  }
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

type Row = {
  expires_at_ms: number;
  user_id: string;
  email: string;
  name: string;
  has_profile: boolean;
  user_type: ActorProfile['userType'] | null;
  status: ActorProfile['status'];
  is_active: boolean | null;
  admin_role: ActorProfile['adminRole'];
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  team_role: ActorTeam['role'] | null;
  team_is_active: boolean | null;
};

/** The session by its token, its user, the user's profile and active team membership: one round trip. */
const sessionActorQuery = preparedStatement<Row>(
  'session_actor',
  () => sql`select
      floor(extract(epoch from ${session.expiresAt}) * 1000)::float8 as expires_at_ms,
      ${user.id} as user_id, ${user.email} as email, ${user.name} as name,
      ${userProfiles.id} is not null as has_profile, ${userProfiles.userType} as user_type,
      ${userProfiles.status} as status, ${userProfiles.isActive} as is_active,
      ${userProfiles.adminRole} as admin_role, ${userProfiles.displayName} as display_name,
      ${userProfiles.firstName} as first_name, ${userProfiles.lastName} as last_name,
      ${teamMembers.role} as team_role, ${teamMembers.isActive} as team_is_active
    from ${session}
      join ${user} on ${user.id} = ${session.userId}
      left join ${userProfiles} on ${userProfiles.userId} = ${user.id}
      left join ${teamMembers} on ${teamMembers.userId} = ${userProfiles.userId} and ${teamMembers.isActive} = true
    where ${session.token} = ${sql.placeholder('token')}::text
    limit 1`,
  { prepareOnPglite: true },
);

/**
 * The actor of a request's Cookie header in one prepared statement, where better-auth's
 * getSession would only read: null for no valid signed session cookie (as getSession answers),
 * the actor (or null without a profile) for a live session not yet due for its sliding refresh,
 * and undefined when better-auth must answer itself: no such session, an expired one (getSession
 * deletes it) or one due for refresh (getSession extends it), or a configuration under which
 * getSession does more (docs/decisions/0184-one-statement-session-lookup.md).
 */
export async function sessionActor(auth: Auth, db: Db, cookieHeader: string): Promise<Actor | null | undefined> {
  const keys = await sessionKeys(auth);
  if (!keys.readOnly) return undefined;
  const value = cookieValue(cookieHeader, keys.cookieName);
  if (!value) return null;
  const token = verifiedToken(value, keys.secret);
  if (token === null) return null;
  const [row] = await sessionActorQuery(db, { token });
  if (!row) return undefined;
  const now = Date.now();
  const expiresAt = Number(row.expires_at_ms);
  if (expiresAt < now || expiresAt - keys.expiresInMs + keys.updateAgeMs <= now) return undefined;
  const profile: ActorProfile | null = row.has_profile
    ? {
        userType: row.user_type!,
        status: row.status,
        isActive: row.is_active!,
        adminRole: row.admin_role,
        displayName: row.display_name,
        firstName: row.first_name,
        lastName: row.last_name,
      }
    : null;
  const team: ActorTeam | null = row.team_role === null ? null : { role: row.team_role, isActive: row.team_is_active! };
  return actorFromRow({ id: row.user_id, email: row.email, name: row.name }, profile, team);
}

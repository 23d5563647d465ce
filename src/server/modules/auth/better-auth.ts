import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, like, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { trustedOrigins } from '../../plugins/csrf';
import type { Mailer } from '../../platform/mail';
import { changeEmailHooks } from './change-email-guard';
import { createProfileForNewUser } from './create-profile';
import { emailFooterText } from '../../../domain/company-details';
import { getCompanyDetails } from '../settings';

/**
 * Kinds of account anyone may create by signing up: a partner signs up to put a restaurant on
 * HalalNosh, which a reviewer approves before customers see it (docs/decisions/0153-restaurant-review.md).
 * Admins come by invitation.
 */
const SELF_SERVE_TYPES = ['customer', 'driver', 'partner'];

/**
 * `sessionEnded`: told after every deleted session (sign-out, password reset, revoked sessions),
 * so the user's open event streams are re-checked at once (docs/decisions/0198-live-streams-end-with-access.md).
 */
export function createAuth(
  config: Config,
  db: Db,
  mailer: Mailer,
  hooks: { sessionEnded?: (userId: string) => Promise<void> } = {},
) {
  /**
   * An account e-mail in the words of the company of the settings at the moment it is sent, with
   * the support phone in its footer (docs/decisions/0171-company-details-in-messages.md).
   */
  const sendAccountMail = async (to: string, words: (company: string) => { subject: string; text: string }) => {
    const company = await getCompanyDetails(db);
    const { subject, text } = words(company.companyName);
    await mailer.send({ to, subject, text: `${text}${emailFooterText(company)}` });
  };
  return betterAuth({
    appName: 'HalalNosh',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The same origins our own API's CSRF check accepts (plugins/csrf.ts).
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    user: {
      additionalFields: {
        userType: { type: 'string', required: false, defaultValue: 'customer', input: true },
      },
      // A new address counts only once its owner opens the link mailed to it (docs/product/customer.md#profile).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      revokeSessionsOnPasswordReset: true,
      // A used reset link ends every other one of that account: an older mail left in an inbox
      // cannot set the password again (docs/decisions/0204-password-reset-tokens-and-timing.md).
      async onPasswordReset({ user }) {
        await db
          .delete(schema.verification)
          .where(and(like(schema.verification.identifier, 'reset-password:%'), eq(schema.verification.value, user.id)));
      },
      // A second sign-up with a known e-mail answers like a first one (no account enumeration);
      // the owner of the address is told instead (docs/decisions/0004-sign-up-enumeration.md).
      async onExistingUserSignUp({ user }) {
        await sendAccountMail(user.email, (company) => ({
          subject: `You already have a ${company} account`,
          text: `Salam,\n\nSomeone tried to create a ${company} account with this e-mail address, which already has one. Sign in here:\n\n${config.publicUrl}/auth\n\nForgot your password? Use "Forgot password" on that page. If it was not you, no action is needed.`,
        }));
      },
      async sendResetPassword({ user, url }) {
        await sendAccountMail(user.email, (company) => ({
          subject: `Reset your ${company} password`,
          text: `Salam,\n\nSomeone asked to reset the password of your ${company} account. If it was you, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this mail.`,
        }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link confirms and does not sign in: one sent by someone else must not sign this
      // browser into their account (login CSRF; docs/decisions/0203-secret-check-limits.md).
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        // A confirmed account asking for a new address (change e-mail) gets its own words.
        if (user.emailVerified) {
          await sendAccountMail(user.email, (company) => ({
            subject: `Confirm your new ${company} e-mail address`,
            text: `Salam,\n\nSomeone asked to use this e-mail address for their ${company} account. If it was you, confirm it here:\n\n${url}\n\nThe link works for an hour. Until then the account keeps its old address. If it was not you, ignore this mail.`,
          }));
          return;
        }
        await sendAccountMail(user.email, (company) => ({
          subject: `Confirm your ${company} account`,
          text: `Salam,\n\nConfirm your e-mail address to start using ${company}:\n\n${url}\n\nThe link works for an hour.`,
        }));
      },
      async afterEmailVerification(user) {
        // A confirmed change of address reaches the profile too (receipts and notifications read it there).
        await db
          .update(schema.userProfiles)
          .set({ email: user.email, updatedAt: new Date() })
          .where(and(eq(schema.userProfiles.userId, user.id), ne(schema.userProfiles.email, user.email)));
        // docs/product/customer.md#sign-in: a customer profile whose status is not active becomes active once confirmed.
        await db
          .update(schema.userProfiles)
          .set({ status: 'active', updatedAt: new Date() })
          .where(
            and(
              eq(schema.userProfiles.userId, user.id),
              eq(schema.userProfiles.userType, 'customer'),
              ne(schema.userProfiles.status, 'active'),
            ),
          );
      },
    },
    // Changing the e-mail needs the password, tells the old address and ends other sessions.
    hooks: changeEmailHooks(db, hooks.sessionEnded),
    databaseHooks: {
      session: {
        delete: {
          // Runs after the delete's commit, for each session a delete removed.
          async after(session) {
            await hooks.sessionEnded?.(session.userId);
          },
        },
      },
      user: {
        create: {
          async before(user) {
            const requested = (user as { userType?: string }).userType ?? 'customer';
            if (!SELF_SERVE_TYPES.includes(requested)) return false;
            return { data: { ...user, email: user.email.toLowerCase(), userType: requested } };
          },
          async after(user) {
            await createProfileForNewUser(db, user as typeof user & { userType: string });
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: config.signInLimitPerMinute },
        '/sign-up/email': { window: 60, max: config.signInLimitPerMinute },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/change-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-halalnosh-client-ip'] },
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.production || config.publicUrl.startsWith('https://'),
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { z } from 'zod';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

/** better-auth answers these with its own JSON; the web reads nothing from them but success. */
const ok = z.unknown();
const email = z.string().max(254);
const password = z.string().max(128);
const callbackURL = z.string().max(200);

/**
 * better-auth's account endpoints the web app calls (served by the mount; better-auth checks the
 * session itself): change e-mail with the current password and confirmation at the new address, change password with the
 * current one, and a fresh confirmation mail for an unconfirmed sign-in (docs/product/customer.md#profile).
 */
export const authAccountEndpoints = {
  changeEmail: api('POST /api/auth/change-email', POLICIES.public)
    .summary(
      'With the current password: mail a confirmation link to a new e-mail address (the address changes when it is opened), tell the old one and end other sessions',
    )
    .takes({ body: z.strictObject({ newEmail: email, password, callbackURL }) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  changePassword: api('POST /api/auth/change-password', POLICIES.public)
    .summary('Change the password; the current one is required and other sessions end')
    .takes({
      body: z.strictObject({ currentPassword: password, newPassword: password, revokeOtherSessions: z.boolean() }),
    })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  sendVerificationEmail: api('POST /api/auth/send-verification-email', POLICIES.public)
    .summary('Mail a new confirmation link to an unconfirmed account')
    .takes({ body: z.strictObject({ email, callbackURL }) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
};

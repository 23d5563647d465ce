import { z } from 'zod';
import { meResponse } from '../me/get-me';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { authAccountEndpoints } from './account-endpoints';

const passthrough = {
  kind: 'passthrough',
  contentType: 'application/json',
  description: "better-auth's own answer (errors rewritten to { error: { code, message } })",
} as const;
/** better-auth answers these with its own JSON; the web reads nothing from them but success. */
const ok = z.unknown();
const email = z.string().max(254);
const password = z.string().max(128);

/**
 * The session: who is signed in, and better-auth's mount. better-auth validates its own
 * requests under /api/auth/*: the mount's contract declares no schema of ours (docs/decisions/0105-one-contract-per-endpoint.md).
 * The sub-paths the web app calls are declared too (`servedBy: 'auth-mount'`) so it calls them
 * through the typed client like every other endpoint.
 */
export const authEndpoints = {
  getMe: api('GET /api/me', POLICIES.public)
    .summary('Who is signed in (user null for a visitor)')
    .answers({ 200: meResponse }),
  mountGet: api('GET /api/auth/*', POLICIES.public)
    .summary("better-auth's GET endpoints (e-mail confirmation links, session)")
    .answers({ 200: passthrough }),
  mountPost: api('POST /api/auth/*', POLICIES.public)
    .summary("better-auth's POST endpoints (sign-in, sign-up, sign-out, password reset)")
    .answers({ 200: passthrough }),
  signInEmail: api('POST /api/auth/sign-in/email', POLICIES.public)
    .summary('Sign in with e-mail and password (sets the session cookie)')
    .takes({ body: z.strictObject({ email, password }) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  signUpEmail: api('POST /api/auth/sign-up/email', POLICIES.public)
    .summary('Create a customer or driver account; a confirmation mail links back to callbackURL')
    .takes({
      body: z.strictObject({
        email,
        password,
        name: z.string().max(100),
        userType: z.enum(['customer', 'driver', 'partner']),
        callbackURL: z.string().max(200),
      }),
    })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  signOut: api('POST /api/auth/sign-out', POLICIES.public)
    .summary('End the session')
    .takes({ body: z.strictObject({}) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  requestPasswordReset: api('POST /api/auth/request-password-reset', POLICIES.public)
    .summary('Mail a password reset link ending at redirectTo')
    .takes({ body: z.strictObject({ email, redirectTo: z.string().max(200) }) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  resetPassword: api('POST /api/auth/reset-password', POLICIES.public)
    .summary('Set a new password with the token from the reset link')
    .takes({ body: z.strictObject({ newPassword: password, token: z.string().max(500) }) })
    .answers({ 200: ok }, { servedBy: 'auth-mount' }),
  ...authAccountEndpoints,
};

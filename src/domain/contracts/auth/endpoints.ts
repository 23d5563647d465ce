import { z } from 'zod';
import { meResponse } from '../me/get-me';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';

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
  getMe: endpoint({
    method: 'GET',
    path: '/api/me',
    policy: POLICIES.public,
    summary: 'Who is signed in (user null for a visitor)',
    responses: { 200: meResponse },
  }),
  mountGet: endpoint({
    method: 'GET',
    path: '/api/auth/*',
    policy: POLICIES.public,
    summary: "better-auth's GET endpoints (e-mail confirmation links, session)",
    responses: { 200: passthrough },
  }),
  mountPost: endpoint({
    method: 'POST',
    path: '/api/auth/*',
    policy: POLICIES.public,
    summary: "better-auth's POST endpoints (sign-in, sign-up, sign-out, password reset)",
    responses: { 200: passthrough },
  }),
  signInEmail: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    policy: POLICIES.public,
    summary: 'Sign in with e-mail and password (sets the session cookie)',
    body: z.strictObject({ email, password }),
    responses: { 200: ok },
    servedBy: 'auth-mount',
  }),
  signUpEmail: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    policy: POLICIES.public,
    summary: 'Create a customer or driver account; a confirmation mail links back to callbackURL',
    body: z.strictObject({
      email,
      password,
      name: z.string().max(100),
      userType: z.enum(['customer', 'driver']),
      callbackURL: z.string().max(200),
    }),
    responses: { 200: ok },
    servedBy: 'auth-mount',
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    policy: POLICIES.public,
    summary: 'End the session',
    body: z.strictObject({}),
    responses: { 200: ok },
    servedBy: 'auth-mount',
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    policy: POLICIES.public,
    summary: 'Mail a password reset link ending at redirectTo',
    body: z.strictObject({ email, redirectTo: z.string().max(200) }),
    responses: { 200: ok },
    servedBy: 'auth-mount',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    policy: POLICIES.public,
    summary: 'Set a new password with the token from the reset link',
    body: z.strictObject({ newPassword: password, token: z.string().max(500) }),
    responses: { 200: ok },
    servedBy: 'auth-mount',
  }),
};

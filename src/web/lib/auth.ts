import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { call } from './call';
import { endpoints } from './endpoints.generated';
import { type Me, meQueryKey, refreshMe } from './me';

/** Signs in with e-mail and password (better-auth sets the session cookie). */
export async function signIn(email: string, password: string): Promise<void> {
  await call(endpoints.auth.signInEmail, { body: { email: email.trim(), password } });
}

/** Signs in, then loads who the user is; throws when the session did not stick. */
export async function signInAndLoadMe(queryClient: QueryClient, email: string, password: string): Promise<Me> {
  await signIn(email, password);
  const { user } = await refreshMe(queryClient);
  if (!user) throw new Error('Signed in, but no session was found.');
  return user;
}

/**
 * Where a confirmation link lands once the address is confirmed. The link confirms and does not
 * sign in (docs/decisions/0203-secret-check-limits.md): the marker tells the page to ask for a sign-in.
 */
export const CONFIRMATION_CALLBACK = '/auth/callback?confirmed=1';

/** Creates an account; a confirmation mail links back to /auth/callback. */
export async function signUp(input: {
  email: string;
  password: string;
  name: string;
  userType: 'customer' | 'driver' | 'partner';
}): Promise<void> {
  await call(endpoints.auth.signUpEmail, {
    body: { ...input, email: input.email.trim(), callbackURL: CONFIRMATION_CALLBACK },
  });
}

/**
 * A sign-up refused because the e-mail already has an account: the server answers it as a
 * CONFLICT on the `email` field (better-auth's USER_ALREADY_EXISTS), whatever its wording.
 */
export function isAlreadyRegistered(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT' && error.fields.some((f) => f.path === 'email');
}

/** Ends the session and forgets everything cached for this user. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await call(endpoints.auth.signOut, { body: {} });
  } finally {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData(meQueryKey, { user: null });
  }
}

/** Mails a reset link that ends at /reset-password?token=... */
/** The sign-in page of each audience; a reset link remembers which one to return to. */
export const SIGN_IN_PATHS = ['/auth', '/partner/login', '/driver/login', '/admin/login'] as const;
export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** The sign-in page named by a reset link's `then` parameter, or the customer's when it names none of them. */
export function signInPathFrom(value: string | null): SignInPath {
  return SIGN_IN_PATHS.find((path) => path === value) ?? '/auth';
}

/** Mails a reset link; the link's page sends the person back to `signInPath` once the password is changed. */
export async function requestPasswordReset(email: string, signInPath: SignInPath = '/auth'): Promise<void> {
  const redirectTo = signInPath === '/auth' ? '/reset-password' : `/reset-password?then=${signInPath}`;
  await call(endpoints.auth.requestPasswordReset, { body: { email, redirectTo } });
}

/** Sets a new password with the token from the reset link. */
export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await call(endpoints.auth.resetPassword, { body: { newPassword, token } });
}

/** A path inside this site to return to after sign-in, or null when the value is not one. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/*
 * What /auth/callback tells the user when the confirmation link did not work. better-auth sends a
 * rejected link back to the callback with ?error=CODE; these codes mean the link itself was
 * refused (expired, tampered with, or for an account that no longer exists or is someone else's).
 */
const REJECTED_LINK_CODES = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND', 'INVALID_USER']);

export const CONFIRMATION_FAILED = 'Email confirmation failed. Please try again.';
export const CONFIRMATION_UNEXPECTED_ERROR = 'An unexpected error occurred during email confirmation.';
export const AUTHENTICATION_ERROR = 'Authentication error. Please try again.';

/** The message for an ?error= on /auth/callback: a refused confirmation link, or any other auth error. */
export function callbackErrorMessage(code: string): string {
  return REJECTED_LINK_CODES.has(code) ? CONFIRMATION_FAILED : AUTHENTICATION_ERROR;
}

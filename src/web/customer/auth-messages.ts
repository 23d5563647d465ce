import { toast } from '../lib/toast';
import { ApiError } from '../lib/api';
import { isAlreadyRegistered } from '../lib/auth';

/** A sign-in failure: "Sign in failed" with the server's reason (docs/product/customer.md#sign-in). */
export function toastSignInFailed(error: unknown): void {
  if (error instanceof ApiError) {
    toast.error('Sign in failed', {
      description: error.message || 'Please check your email and password and try again.',
    });
  } else {
    toast.error('Something went wrong', { description: 'Please try again in a moment.' });
  }
}

/** A sign-up failure: an existing account, or "Sign up failed" with the reason. */
export function toastSignUpFailed(error: unknown): void {
  const message = error instanceof Error ? error.message : '';
  if (isAlreadyRegistered(error)) {
    toast.error('Account already exists', { description: 'This email is already registered. Please sign in instead.' });
  } else {
    toast.error('Sign up failed', { description: message || 'Please try again.' });
  }
}

export function toastPasswordsDontMatch(): void {
  toast.error("Passwords don't match", { description: 'Please make sure both passwords are the same.' });
}

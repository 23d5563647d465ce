import { useState } from 'react';
import { ApiError } from '../lib/api';
import { CONFIRMATION_CALLBACK } from '../lib/auth';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { toast } from '../lib/toast';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/**
 * Whether a sign-in was refused because the account's e-mail is not confirmed yet: the server's
 * own code, never the words of its message (docs/decisions/0221-forms-branch-on-codes-and-paths.md).
 */
export function isUnconfirmedEmail(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_NOT_CONFIRMED';
}

/** Shown on sign-in for an unconfirmed account: mails a fresh confirmation link (docs/product/customer.md#sign-in). */
export function ResendConfirmation({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await call(endpoints.auth.sendVerificationEmail, {
        body: { email: email.trim(), callbackURL: CONFIRMATION_CALLBACK },
      });
      toast.success('Confirmation e-mail sent', { description: `Open the link we sent to ${email.trim()}.` });
    } catch (error) {
      toast.error('Could not send the e-mail', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert variant="warning" className="grid gap-2">
      <p>Please confirm your e-mail address first: open the link we sent when you signed up.</p>
      <Button
        type="button"
        variant="outline"
        onClick={() => void resend()}
        disabled={busy}
        className="justify-self-start"
      >
        Resend confirmation e-mail
      </Button>
    </Alert>
  );
}

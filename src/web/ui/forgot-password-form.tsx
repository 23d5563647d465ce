import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from '../lib/toast';
import { requestPasswordReset, type SignInPath } from '../lib/auth';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from './use-form-errors';

const FIELDS = ['email'] as const;

/**
 * Asks for a reset link by e-mail (the address is trimmed and lower-cased: docs/product/customer.md#sign-in).
 * `signInPath` is the sign-in page the link's "Sign In" button returns to: every audience has its own.
 */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
  signInPath = '/auth',
}: {
  initialEmail: string;
  onBack: () => void;
  signInPath?: SignInPath;
}) {
  const [email, setEmail] = useState(initialEmail);
  // A refusal no field shows is in the "Reset failed" toast, so the form has no alert of its own.
  const { formRef, errors, busy, submit } = useFormErrors(FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = email.trim().toLowerCase();
    if (!clean) {
      toast.error('Email required', { description: 'Please enter your email address.' });
      return;
    }
    const sent = await submit(
      () => requestPasswordReset(clean, signInPath),
      (error) =>
        toast.error('Reset failed', {
          description: (error instanceof Error && error.message) || 'Failed to send reset email',
        }),
    );
    if (!sent) return;
    toast.success('Reset email sent!', {
      description: 'If an account uses this address, a reset link is on its way.',
    });
    onBack();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Reset your password</h2>
        <p className="text-sm text-muted-foreground">
          Enter your email and we will send you a link to choose a new password.
        </p>
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Send Reset Link
      </Button>
      <Button variant="link" onClick={onBack} className="justify-self-center">
        Back to sign in
      </Button>
    </form>
  );
}

/**
 * A sign-in form with "Forgot your password?" under it, which swaps the form for the reset request
 * and back: the partner, driver and back-office sign-in pages share it.
 */
export function WithPasswordReset({
  email,
  signInPath,
  children,
}: {
  email: string;
  signInPath: SignInPath;
  children: ReactNode;
}) {
  const [forgot, setForgot] = useState(false);
  if (forgot)
    return <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} signInPath={signInPath} />;
  return (
    <>
      {children}
      <Button variant="link" onClick={() => setForgot(true)} className="justify-self-center">
        Forgot your password?
      </Button>
    </>
  );
}

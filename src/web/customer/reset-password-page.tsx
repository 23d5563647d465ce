import CircleCheck from 'lucide-react/icons/circle-check';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import { resetPassword, signInPathFrom } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';

const FIELDS = ['password', 'confirm'] as const;

/** /reset-password?token=...: choose a new password from the mailed link. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const signInPath = signInPathFrom(params.get('then'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A refusal no field shows is in the "Reset failed" toast; a refused password shows under it too.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      password: password ? undefined : 'Please choose a new password.',
      confirm: confirm ? undefined : 'Please confirm your new password.',
    });
    if (!filled || !token) return;
    if (password !== confirm) {
      toast.error("Passwords don't match", { description: 'Please make sure both passwords are the same.' });
      return;
    }
    const reset = await submit(
      () => resetPassword(password, token),
      (error) =>
        toast.error('Reset failed', { description: error instanceof Error ? error.message : 'Please try again.' }),
    );
    if (!reset) return;
    toast.success('Password updated', { description: 'You can now sign in with your new password.' });
    setDone(true);
  };

  let body;
  if (done) {
    body = (
      <div className="grid gap-4 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
        <p>Your password has been changed.</p>
        <Link to={signInPath} className={buttonClasses({ size: 'lg' })}>
          Sign In
        </Link>
      </div>
    );
  } else if (linkError || !token) {
    body = (
      <div className="grid gap-4">
        <Alert variant="destructive">
          {linkError
            ? 'This reset link is invalid or has expired.'
            : 'This page needs the link from your password reset email.'}{' '}
          Please ask for a new link from the sign-in page ("Forgot your password?").
        </Alert>
        <Link to={signInPath} className={buttonClasses({ variant: 'outline' })}>
          Go to Sign In
        </Link>
      </div>
    );
  } else {
    body = (
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 8 characters."
          error={errors.password}
          required
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          required
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Update Password
        </Button>
      </form>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Choose a new password
          </CardTitle>
          <CardDescription>For your HalalNosh account.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

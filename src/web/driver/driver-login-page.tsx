import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Bike from 'lucide-react/icons/bike';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { ApiError } from '../lib/api';
import { isAlreadyRegistered, signInAndLoadMe, signOut, signUp } from '../lib/auth';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { CredentialsFields } from '../ui/credentials-fields';
import { WithPasswordReset } from '../ui/forgot-password-form';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { useDriverManifest } from './use-driver-manifest';

type Mode = 'sign-in' | 'sign-up';

const FIELDS = ['email', 'password', 'confirm'] as const;

/** What a failed sign-in or sign-up says in its toast; the fields the server named show beside them too. */
function toastFailure(mode: Mode, error: unknown): void {
  const message = error instanceof Error ? error.message : 'Please try again.';
  if (mode === 'sign-in') toast.error('Sign in failed', { description: message });
  else if (isAlreadyRegistered(error))
    toast.error('Account already exists', {
      description: 'This email is already registered. Please sign in instead.',
    });
  else toast.error('Sign up failed', { description: error instanceof ApiError ? message : 'Please try again.' });
}

/** /driver/login: sign in, or sign up as a driver; after sign-in the driver's home (docs/product/driver.md#sign-in). */
export function DriverLoginPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A refusal no field shows is in the toast, so the form has no alert of its own.
  const { formRef, errors, busy, check, submit, clear } = useFormErrors(FIELDS);
  useDocumentTitle(mode === 'sign-in' ? 'Driver sign in' : 'Become a driver');
  useDriverManifest();

  const signedIn = !busy ? me.data?.user : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please enter a password.',
      confirm: mode === 'sign-up' && password !== confirm ? 'Passwords do not match' : undefined,
    });
    if (!filled) return;
    const onError = (error: unknown) => toastFailure(mode, error);
    if (mode === 'sign-in') {
      await submit(async () => {
        const user = await signInAndLoadMe(queryClient, email, password);
        navigate(user.home, { replace: true });
      }, onError);
      return;
    }
    const created = await submit(() => signUp({ email, password, name: '', userType: 'driver' }), onError);
    if (!created) return;
    toast.success('Account created!', {
      description: 'Please check your email and open the link to confirm your account.',
    });
    setMode('sign-in');
    setPassword('');
    setConfirm('');
  };

  const form = (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <CredentialsFields
        email={email}
        password={password}
        onEmailChange={setEmail}
        onPasswordChange={setPassword}
        errors={errors}
        newPassword={mode === 'sign-up'}
        passwordHint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
      />
      {mode === 'sign-up' ? (
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          required
        />
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        {mode === 'sign-in' ? 'Sign In' : 'Create Driver Account'}
      </Button>
    </form>
  );

  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <div className="grid w-full max-w-md gap-4">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="grid size-12 place-items-center rounded-lg bg-primary-soft text-primary">
              <Bike aria-hidden="true" className="size-6" />
            </span>
            <CardTitle as="h1" className="text-2xl">
              {mode === 'sign-in' ? 'Driver Sign In' : 'Become a HalalNosh Driver'}
            </CardTitle>
            <CardDescription>
              {mode === 'sign-in'
                ? 'Sign in to find delivery jobs near you.'
                : 'Create your account, then complete your application.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {signedIn ? (
              <Alert>
                <p>
                  You are signed in as {signedIn.email}
                  {signedIn.userType !== 'driver' ? ` (a ${signedIn.userType} account)` : ''}.
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {signedIn.userType === 'driver' ? (
                    <Link to={signedIn.home} className={buttonClasses({ size: 'sm' })}>
                      Continue
                    </Link>
                  ) : null}
                  <Button size="sm" variant="outline" onClick={() => void signOut(queryClient)}>
                    Sign Out
                  </Button>
                </div>
              </Alert>
            ) : null}
            {mode === 'sign-in' ? (
              <WithPasswordReset email={email} signInPath="/driver/login">
                {form}
              </WithPasswordReset>
            ) : (
              form
            )}
            <p className="text-center text-sm text-muted-foreground">
              {mode === 'sign-in' ? 'New to HalalNosh?' : 'Already have an account?'}{' '}
              <Button
                variant="link"
                onClick={() => {
                  clear();
                  setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
                }}
              >
                {mode === 'sign-in' ? 'Sign up to drive' : 'Sign in'}
              </Button>
            </p>
          </CardContent>
        </Card>
        <Link
          to="/"
          className="inline-flex items-center gap-1 justify-self-center rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to HalalNosh
        </Link>
      </div>
    </main>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Store from 'lucide-react/icons/store';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from '../lib/router';
import { ApiError } from '../lib/api';
import { signInAndLoadMe, signOut } from '../lib/auth';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { CredentialsFields } from '../ui/credentials-fields';
import { WithPasswordReset } from '../ui/forgot-password-form';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';

const FIELDS = ['email', 'password'] as const;

/** What the form says when a sign-in fails: by the answer's status, never by its words. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401)
    return 'Invalid credentials. Please check your email and password.';
  if (error instanceof ApiError && error.status === 429) return error.message;
  return 'Error during login. Please try again.';
}

/** /partner/login: partner accounts only; anyone else is told so and signed out again. */
export function PartnerLoginPage() {
  useDocumentTitle('Partner sign in');
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The sign-in's failures have the product's own words (`failureOf`), in the alert above the fields.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);
  const [failure, setFailure] = useState<string | null>(null);

  if (!busy && me.data?.user?.userType === 'partner') return <Navigate to="/partner/dashboard" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const filled = check({
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please enter your password.',
    });
    if (!filled) return;
    await submit(
      async () => {
        const user = await signInAndLoadMe(queryClient, email, password);
        if (user.userType !== 'partner') {
          await signOut(queryClient).catch(() => undefined);
          setFailure('This is not a partner account. Please sign in with your restaurant partner account.');
          return;
        }
        navigate('/partner/dashboard', { replace: true });
      },
      (error) => setFailure(failureOf(error)),
    );
  };

  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <div className="grid w-full max-w-md gap-4">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="grid size-12 place-items-center rounded-lg bg-primary-soft text-primary">
              <Store aria-hidden="true" className="size-6" />
            </span>
            <CardTitle as="h1" className="text-2xl">
              Partner Portal
            </CardTitle>
            <CardDescription>Sign in to manage your restaurant on HalalNosh.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <WithPasswordReset email={email} signInPath="/partner/login">
              <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
                {failure ? <Alert variant="destructive">{failure}</Alert> : null}
                <CredentialsFields
                  email={email}
                  password={password}
                  onEmailChange={setEmail}
                  onPasswordChange={setPassword}
                  errors={errors}
                />
                <Button type="submit" size="lg" disabled={busy}>
                  {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
                  Sign In to Dashboard
                </Button>
              </form>
            </WithPasswordReset>
          </CardContent>
        </Card>
        <Link
          to="/partners"
          className="inline-flex items-center gap-1 justify-self-center rounded-sm text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Partners
        </Link>
      </div>
    </main>
  );
}

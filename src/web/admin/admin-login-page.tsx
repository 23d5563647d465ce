import { useQueryClient } from '@tanstack/react-query';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { ApiError } from '../lib/api';
import { signInAndLoadMe, signOut } from '../lib/auth';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { CredentialsFields } from '../ui/credentials-fields';
import { WithPasswordReset } from '../ui/forgot-password-form';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['email', 'password'] as const;

/** /admin/login: only an admin role gets in; anyone else is told so and signed out again. */
export function AdminLoginPage() {
  useDocumentTitle('Admin sign in');
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A failed sign-in is told in the product's toasts, so the form has no alert of its own.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);

  if (!busy && me.data?.user?.adminRole) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      email: !email.trim()
        ? 'Email is required'
        : EMAIL_FORMAT.test(email.trim())
          ? undefined
          : 'Please enter a valid email address',
      password: password ? undefined : 'Password is required',
    });
    if (!filled) return;
    await submit(
      async () => {
        const user = await signInAndLoadMe(queryClient, email, password);
        if (!user.adminRole) {
          toast.error('Access denied. You do not have admin privileges.');
          await signOut(queryClient).catch(() => undefined);
          return;
        }
        // A fresh sign-in: the layout records it (team_members.last_login_at).
        sessionStorage.removeItem('halalnosh-admin-session');
        toast.success(`Welcome back, ${user.name || user.email}!`);
        navigate('/admin/dashboard', { replace: true });
      },
      (error) => {
        if (error instanceof ApiError && error.status > 0 && error.status < 500) {
          toast.error('Login failed. Please check your credentials.', { description: error.message });
        } else {
          toast.error('An unexpected error occurred. Please try again.');
        }
      },
    );
  };

  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="grid size-12 place-items-center rounded-lg bg-primary-soft text-primary">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            HalalNosh Admin
          </CardTitle>
          <CardDescription>Sign in to the back office.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <WithPasswordReset email={email} signInPath="/admin/login">
            <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
              <CredentialsFields
                email={email}
                password={password}
                onEmailChange={setEmail}
                onPasswordChange={setPassword}
                errors={errors}
                emailAutoComplete="username"
              />
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
                Access Admin Panel
              </Button>
            </form>
          </WithPasswordReset>
        </CardContent>
      </Card>
    </main>
  );
}

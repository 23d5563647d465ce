import { useQuery, useQueryClient } from '@tanstack/react-query';
import MailCheck from 'lucide-react/icons/mail-check';
import Store from 'lucide-react/icons/store';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { INVITE_ROLE_LABELS } from '../../domain/partner-access';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { signIn, signOut } from '../lib/auth';
import { refreshMe, useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PasswordField } from '../ui/password-field';
import { PageLoading, Spinner } from '../ui/spinner';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

/**
 * /partner/invite?token=…: a staff invitation. A newcomer creates their partner account with the
 * invited e-mail (the link proves it); someone with an account signs in with it; either way they
 * land on the dashboard of the brand. A refused field (a short password) shows under it and takes
 * the focus; the rest in the form's alert (docs/decisions/0219-one-form-kit.md).
 */
export function InviteAcceptPage() {
  useDocumentTitle('Join a restaurant on HalalNosh');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  const lookup = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => call(endpoints.partner.postInvitationsLookup, { body: { token } }),
    enabled: token.length >= 20,
    retry: false,
  });

  const frame = (children: ReactNode) => (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <div className="grid w-full max-w-md gap-4">{children}</div>
    </main>
  );

  if (token.length < 20 || lookup.isError) {
    return frame(
      <Card>
        <CardHeader>
          <CardTitle as="h1">Invitation not found</CardTitle>
          <CardDescription>
            The link may be incomplete. Open it again from the e-mail, or ask for a new invitation.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/partner/login" className={buttonClasses({ variant: 'outline' })}>
            Go to Partner Login
          </Link>
        </CardContent>
      </Card>,
    );
  }
  if (lookup.isPending || me.isPending) return <PageLoading />;
  const { invitation, accountExists } = lookup.data;
  const where = invitation.role === 'admin' ? 'every location' : invitation.sites.join(', ');

  return frame(
    <Card>
      <CardHeader className="items-center text-center">
        <span className="grid size-12 place-items-center rounded-lg bg-primary-soft text-primary">
          <Store aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Join {invitation.brandName}
        </CardTitle>
        <CardDescription>
          As {INVITE_ROLE_LABELS[invitation.role].toLowerCase()} ({where}), with {invitation.email}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invitation.status !== 'pending' ? (
          <div className="grid gap-3">
            <Alert variant="warning">
              {invitation.status === 'expired'
                ? 'This invitation has expired. Ask for a new one.'
                : invitation.status === 'accepted'
                  ? 'This invitation has already been accepted.'
                  : 'This invitation has been revoked.'}
            </Alert>
            <Link to="/partner/login" className={buttonClasses({ variant: 'outline' })}>
              Go to Partner Login
            </Link>
          </div>
        ) : me.data?.user ? (
          <SignedIn token={token} invitedEmail={invitation.email} email={me.data.user.email} />
        ) : accountExists ? (
          <SignInAndAccept token={token} email={invitation.email} />
        ) : (
          <CreateAccount token={token} email={invitation.email} />
        )}
      </CardContent>
    </Card>,
  );
}

/**
 * The alert's words for a failure: a wrong password by its status (the product's words), anything
 * else what the kit put in the form's alert. Never the message's words.
 */
function failureText(error: unknown, formError: string | null): string | null {
  if (error instanceof ApiError && error.status === 401)
    return 'Invalid credentials. Please check your email and password.';
  return formError;
}

type AcceptExtra = { name?: string; password?: string; email?: string };

/** Accepts with the current session, then opens the console. */
function useAccept(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (extra: AcceptExtra = {}) => {
    const result = await call(endpoints.partner.postInvitationsAccept, {
      body: { token, name: extra.name, password: extra.password },
    });
    if (result.accountCreated && extra.email && extra.password) await signIn(extra.email, extra.password);
    await refreshMe(queryClient);
    navigate(`/partner/dashboard?brand=${result.brandId}`, { replace: true });
  };
}

function SignedIn({ token, invitedEmail, email }: { token: string; invitedEmail: string; email: string }) {
  const queryClient = useQueryClient();
  const accept = useAccept(token);
  const { formError, busy, submit } = useFormErrors([]);
  const [failure, setFailure] = useState<string | null>(null);
  if (email.toLowerCase() !== invitedEmail) {
    return (
      <div className="grid gap-3">
        <Alert variant="warning">
          You are signed in as {email}, but this invitation is for {invitedEmail}.
        </Alert>
        <Button variant="outline" onClick={() => void signOut(queryClient)}>
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <FormAlert message={failure ?? formError} />
      <Button
        size="lg"
        onClick={() => {
          setFailure(null);
          void submit(accept, (error, shown) => setFailure(failureText(error, shown.form)));
        }}
        disabled={busy}
      >
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : <MailCheck aria-hidden="true" />}
        Accept Invitation
      </Button>
    </div>
  );
}

function SignInAndAccept({ token, email }: { token: string; email: string }) {
  const queryClient = useQueryClient();
  const accept = useAccept(token);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, errors, busy, check, submit } = useFormErrors(['password']);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!check({ password: password ? undefined : 'Password is required' })) return;
    await submit(
      async () => {
        await signIn(email, password);
        await refreshMe(queryClient);
        await accept();
      },
      (error, shown) => setFailure(failureText(error, shown.form)),
    );
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">You already have a HalalNosh account. Sign in to accept.</p>
      <FormAlert message={failure} />
      <TextField label="Email" type="email" value={email} readOnly />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Sign In and Accept
      </Button>
    </form>
  );
}

function CreateAccount({ token, email }: { token: string; email: string }) {
  const accept = useAccept(token);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(['name', 'password', 'confirm']);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      name: name.trim() ? undefined : 'Please enter your name',
      password: password.length >= 8 ? undefined : 'Password must be at least 8 characters',
      confirm: confirm === password ? undefined : 'Passwords do not match',
    });
    if (filled) await submit(() => accept({ name: name.trim(), password, email }));
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Create your partner account to accept.</p>
      <FormAlert message={formError} />
      <TextField label="Email" type="email" value={email} readOnly />
      <TextField
        label="Your name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint="At least 8 characters"
        required
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Create Account and Accept
      </Button>
    </form>
  );
}

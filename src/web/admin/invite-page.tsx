import { useQuery, useQueryClient } from '@tanstack/react-query';
import MailCheck from 'lucide-react/icons/mail-check';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import type { InviteLookup } from '../../domain/contracts/admin/team';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
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

const STATUS_TEXT: Record<Exclude<InviteLookup['status'], 'pending'>, string> = {
  expired: 'This invite has expired. Ask the person who invited you to send a new one.',
  revoked: 'This invite has been revoked.',
  accepted: 'This invite has already been accepted. Sign in to the back office.',
};

const FIELDS = ['fullName', 'password', 'confirm'] as const;

/**
 * /admin/invite?token=…: accept a team invite by creating the invited account or by signing in with
 * it. A refused field (a short password, a missing name) shows under it and takes the focus; the rest
 * (a wrong password, an invite no longer pending) in the form's alert (docs/decisions/0219-one-form-kit.md).
 */
export function AdminInvitePage() {
  useDocumentTitle('Join the HalalNosh team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(FIELDS);

  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => call(endpoints.admin.postAdminInvitationsLookup, { body: { token } }),
    enabled: token.length >= 16,
    retry: false,
  });

  const finish = async () => {
    const { user } = await refreshMe(queryClient);
    sessionStorage.removeItem('halalnosh-admin-session');
    toast.success(`Welcome to the team${user?.name ? `, ${user.name}` : ''}!`);
    navigate('/admin/dashboard', { replace: true });
  };

  const accept = async (mode: 'signed-in' | 'sign-in' | 'sign-up') => {
    const email = invite.data!.email;
    const done = await submit(async () => {
      if (mode === 'sign-up') {
        await call(endpoints.admin.postAdminInvitationsSignUp, {
          body: { token, fullName: (fullName ?? invite.data!.fullName ?? '').trim(), password },
        });
        await signIn(email, password);
        return;
      }
      if (mode === 'sign-in') await signIn(email, password);
      await call(endpoints.admin.postAdminInvitationsAccept, { body: { token } });
    });
    if (done) await finish();
  };

  if (!token)
    return (
      <Shell title="Invite link missing">
        <Alert variant="destructive">This page needs the link from your invite e-mail.</Alert>
      </Shell>
    );
  if (invite.isPending || me.isPending) return <PageLoading label="Checking your invite..." />;
  if (invite.isError)
    return (
      <Shell title="Invite not valid">
        <Alert variant="destructive">{invite.error.message}</Alert>
      </Shell>
    );

  const inv = invite.data;
  const intro = (
    <p className="text-sm">
      You are invited to join the HalalNosh back office as <strong>{inv.roleLabel}</strong> with{' '}
      <strong>{inv.email}</strong>.
    </p>
  );
  if (inv.status !== 'pending') {
    return (
      <Shell title="Join the HalalNosh team">
        <Alert variant="warning">{STATUS_TEXT[inv.status]}</Alert>
        <Link to="/admin/login" className={buttonClasses({ variant: 'outline' })}>
          Go to admin sign in
        </Link>
      </Shell>
    );
  }

  const user = me.data?.user;

  if (user) {
    const same = user.email.toLowerCase() === inv.email;
    return (
      <Shell title="Join the HalalNosh team">
        {intro}
        {same ? (
          <Button size="lg" onClick={() => void accept('signed-in')} disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : <MailCheck aria-hidden="true" />}
            Accept Invite
          </Button>
        ) : (
          <>
            <Alert variant="warning">
              You are signed in as {user.email}. Sign out, then open the link again to accept with {inv.email}.
            </Alert>
            <Button variant="outline" onClick={() => void signOut(queryClient).catch(() => undefined)}>
              Sign out
            </Button>
          </>
        )}
        <FormAlert message={formError} />
      </Shell>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inv.hasAccount) {
      if (check({ password: password ? undefined : 'Password is required' })) void accept('sign-in');
      return;
    }
    const filled = check({
      fullName: (fullName ?? inv.fullName ?? '').trim() ? undefined : 'Please enter your name',
      password: password.length >= 8 ? undefined : 'Password must be at least 8 characters',
      confirm: confirm === password ? undefined : 'Passwords do not match',
    });
    if (filled) void accept('sign-up');
  };

  return (
    <Shell title="Join the HalalNosh team">
      {intro}
      <p className="text-sm text-muted-foreground">
        {inv.hasAccount
          ? 'Sign in with your password to accept.'
          : 'Choose a password to create your back-office account.'}
      </p>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Email" type="email" value={inv.email} readOnly autoComplete="username" />
        {inv.hasAccount ? null : (
          <TextField
            label="Full name"
            value={fullName ?? inv.fullName ?? ''}
            onChange={(e) => setFullName(e.target.value)}
            error={errors.fullName}
            autoComplete="name"
            required
          />
        )}
        <PasswordField
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          autoComplete={inv.hasAccount ? 'current-password' : 'new-password'}
          required
        />
        {inv.hasAccount ? null : (
          <PasswordField
            label="Confirm password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
            autoComplete="new-password"
            required
          />
        )}
        <FormAlert message={formError} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          {inv.hasAccount ? 'Sign In and Accept' : 'Create Account and Accept'}
        </Button>
      </form>
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="grid size-12 place-items-center rounded-lg bg-primary-soft text-primary">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>HalalNosh back office</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

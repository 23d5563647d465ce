import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { meQueryKey } from '../lib/me';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { Dialog } from '../ui/dialog';
import { LoadFailed } from '../ui/load-failed';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { formatPhone } from '../../domain/phone';

const PROFILE_KEY = ['account', 'profile'] as const;
const DETAILS_FIELDS = ['firstName', 'lastName', 'phone'] as const;
const EMAIL_FIELDS = ['email', 'password'] as const;
const PASSWORD_FIELDS = ['current', 'next'] as const;

function Section({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{title}</h2>
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** Name and phone; the phone prefills checkout (docs/product/customer.md#profile). */
function DetailsForm({
  profile,
}: {
  profile: { firstName: string | null; lastName: string | null; phone: string | null };
}) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ? formatPhone(profile.phone) : '',
  });
  // The "Could not save your profile" toast spells a failure; a refused field shows under it too.
  const { formRef, errors, fail } = useFormErrors(DETAILS_FIELDS);
  const save = useMutation({
    mutationFn: () => call(endpoints.account.patchAccountProfile, { body: fields }),
    onSuccess: (data) => {
      queryClient.setQueryData(PROFILE_KEY, data);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Profile saved');
    },
    onError: (error) => {
      fail(error);
      toast.error('Could not save your profile', { description: error.message });
    },
  });
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  return (
    <form
      ref={formRef}
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextField
        label="First name"
        value={fields.firstName}
        onChange={set('firstName')}
        error={errors.firstName}
        autoComplete="given-name"
        maxLength={50}
        optional
      />
      <TextField
        label="Last name"
        value={fields.lastName}
        onChange={set('lastName')}
        error={errors.lastName}
        autoComplete="family-name"
        maxLength={50}
        optional
      />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        value={fields.phone}
        onChange={set('phone')}
        error={errors.phone}
        autoComplete="tel"
        maxLength={30}
        optional
        hint="Filled in for you at checkout."
      />
      <div className="flex items-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Save profile
        </Button>
      </div>
    </form>
  );
}

/**
 * A new address counts once the link mailed to it is opened (better-auth's change-email flow); the
 * current password is asked for, the old address is told and other devices are signed out
 * (docs/decisions/0203-secret-check-limits.md).
 */
function EmailForm({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  // better-auth names `email` for an address it refuses; the toast says the change was not made.
  const { formRef, errors, check, fail } = useFormErrors(EMAIL_FIELDS, { paths: { newEmail: 'email' } });
  const send = useMutation({
    mutationFn: () =>
      call(endpoints.auth.changeEmail, {
        body: { newEmail: newEmail.trim(), password, callbackURL: '/account?tab=profile' },
      }),
    onSuccess: () => {
      toast.success('Check your new inbox', {
        description: `We sent a confirmation link to ${newEmail.trim()}. Your e-mail changes when you open it.`,
      });
      setNewEmail('');
      setPassword('');
    },
    onError: (e) => {
      fail(e);
      toast.error('Could not change your e-mail', { description: e.message });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const ok = check({
      email: /^\S+@\S+\.\S+$/.test(newEmail.trim()) ? undefined : 'Please enter a valid e-mail address.',
      password: password ? undefined : 'Please enter your current password.',
    });
    if (ok) send.mutate();
  };
  return (
    <form ref={formRef} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate onSubmit={onSubmit}>
      <TextField
        label="New e-mail address"
        type="email"
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
        error={errors.email}
        autoComplete="email"
        maxLength={254}
        hint={`Now: ${email}`}
      />
      <PasswordField
        label="Your password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        autoComplete="current-password"
        maxLength={128}
      />
      <Button type="submit" variant="outline" disabled={send.isPending}>
        Change e-mail
      </Button>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  // better-auth names `password` for a new password too short or too long.
  const { formRef, errors, check, fail } = useFormErrors(PASSWORD_FIELDS, {
    paths: { password: 'next', newPassword: 'next', currentPassword: 'current' },
  });
  const change = useMutation({
    mutationFn: () =>
      call(endpoints.auth.changePassword, {
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      }),
    onSuccess: () => {
      toast.success('Password changed', { description: 'You were signed out everywhere else.' });
      setCurrent('');
      setNext('');
    },
    onError: (e) => {
      fail(e);
      toast.error('Could not change your password', { description: e.message });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const ok = check({
      current: current ? undefined : 'Please enter your current password.',
      next: next.length >= 8 ? undefined : 'Use at least 8 characters.',
    });
    if (ok) change.mutate();
  };
  return (
    <form ref={formRef} className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit}>
      <PasswordField
        label="Current password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current}
        autoComplete="current-password"
        maxLength={128}
      />
      <PasswordField
        label="New password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        autoComplete="new-password"
        maxLength={128}
      />
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

/** Deleting asks for the password; orders stay without personal details (docs/decisions/0164-account-deletion.md). */
function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A wrong password shows under the field (the server names it); the toast says nothing was deleted.
  const { formRef, errors, fail, clear } = useFormErrors(['password']);
  useEffect(() => {
    if (open) return;
    setPassword('');
    clear();
  }, [open, clear]);
  const remove = useMutation({
    mutationFn: () => call(endpoints.account.deleteAccount, { body: { password } }),
    onSuccess: () => {
      navigate('/', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, { user: null });
      toast.success('Your account has been deleted');
    },
    onError: (e) => {
      fail(e);
      toast.error('Could not delete your account', { description: e.message });
    },
  });
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)} className="justify-self-start">
        Delete account
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        description="Your addresses, favourites and reviews go. Past orders stay with the restaurants, without your name, e-mail, phone or address. This cannot be undone."
      >
        <form
          ref={formRef}
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (password) remove.mutate();
          }}
        >
          <PasswordField
            label="Your password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            autoComplete="current-password"
            maxLength={128}
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={!password || remove.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The Profile tab: name and phone, e-mail, password, and deleting the account. */
export function AccountProfile() {
  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => call(endpoints.account.getAccountProfile, { signal }),
  });
  if (profile.isError)
    return <LoadFailed inline title="Could not load your profile." onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <Spinner label="Loading your profile..." />;
  return (
    <div className="grid gap-6">
      <Section title="Your details">
        <DetailsForm key={profile.data.createdAt} profile={profile.data} />
      </Section>
      <Section title="E-mail address">
        <EmailForm email={profile.data.email} />
      </Section>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Delete account" note="Orders in progress must finish first.">
        <DeleteAccount />
      </Section>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { signUp } from '../lib/auth';
import { Button } from '../ui/button';
import { CredentialsFields } from '../ui/credentials-fields';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { toastPasswordsDontMatch, toastSignUpFailed } from './auth-messages';

/** The Sign Up tab: a customer account; the confirmation mail signs the user in. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please choose a password.',
      confirm: confirm ? undefined : 'Please confirm your password.',
    };
    setErrors(next);
    if (next.email || next.password || next.confirm) return;
    if (password !== confirm) {
      toastPasswordsDontMatch();
      return;
    }
    setBusy(true);
    try {
      await signUp({ email, password, name: displayName.trim(), userType: 'customer' });
      toast.success('Account created!', {
        description: 'Please check your email and open the link to confirm your account.',
      });
      onSignedUp(email.trim());
    } catch (error) {
      toastSignUpFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <CredentialsFields
        email={email}
        password={password}
        onEmailChange={setEmail}
        onPasswordChange={setPassword}
        errors={errors}
        newPassword
        passwordHint="At least 8 characters."
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        required
      />
      <TextField
        label="Display name"
        optional
        autoComplete="nickname"
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        hint="How we greet you, e.g. Aisha."
        maxLength={80}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Create Account
      </Button>
    </form>
  );
}

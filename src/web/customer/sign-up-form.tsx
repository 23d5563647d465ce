import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { signUp } from '../lib/auth';
import { Button } from '../ui/button';
import { CredentialsFields } from '../ui/credentials-fields';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { toastPasswordsDontMatch, toastSignUpFailed } from './auth-messages';

// `name` is what the sign-up body calls the display name.
const FIELDS = ['email', 'password', 'confirm', 'displayName'] as const;
const PATHS = { name: 'displayName' } as const;

/** The Sign Up tab: a customer account; the confirmation mail signs the user in. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [displayName, setDisplayName] = useState('');
  // A refusal no field shows is in the toast (toastSignUpFailed), so the form has no alert of its own.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS, { paths: PATHS });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please choose a password.',
      confirm: confirm ? undefined : 'Please confirm your password.',
    });
    if (!filled) return;
    if (password !== confirm) {
      toastPasswordsDontMatch();
      return;
    }
    const created = await submit(
      () => signUp({ email, password, name: displayName.trim(), userType: 'customer' }),
      toastSignUpFailed,
    );
    if (!created) return;
    toast.success('Account created!', {
      description: 'Please check your email and open the link to confirm your account.',
    });
    onSignedUp(email.trim());
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
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
        error={errors.displayName}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Create Account
      </Button>
    </form>
  );
}

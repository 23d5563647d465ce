import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { signInAndLoadMe } from '../lib/auth';
import { Button } from '../ui/button';
import { CredentialsFields } from '../ui/credentials-fields';
import { Spinner } from '../ui/spinner';
import { toastSignInFailed } from './auth-messages';
import { useFormErrors } from '../ui/use-form-errors';
import { ResendConfirmation, isUnconfirmedEmail } from './resend-confirmation';

const FIELDS = ['email', 'password'] as const;

/** The Sign In tab: on success greet and go to the page the guard came from, else the user's home. */
export function SignInForm({
  redirect,
  email,
  onEmailChange,
  onForgotPassword,
}: {
  redirect: string | null;
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  // A refusal no field shows is in the "Sign in failed" toast, so the form has no alert of its own.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please enter your password.',
    });
    if (!filled) return;
    setUnconfirmed(false);
    await submit(
      async () => {
        const user = await signInAndLoadMe(queryClient, email, password);
        toast.success('Salam! Welcome back!');
        navigate(redirect ?? user.home, { replace: true });
      },
      (error) => {
        toastSignInFailed(error);
        setUnconfirmed(isUnconfirmedEmail(error));
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <CredentialsFields
        email={email}
        password={password}
        onEmailChange={onEmailChange}
        onPasswordChange={setPassword}
        errors={errors}
      />
      {unconfirmed ? <ResendConfirmation email={email} /> : null}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Sign In
      </Button>
      <Button variant="link" onClick={onForgotPassword} className="justify-self-center">
        Forgot your password?
      </Button>
    </form>
  );
}

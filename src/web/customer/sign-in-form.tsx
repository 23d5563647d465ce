import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { signInAndLoadMe } from '../lib/auth';
import { Button } from '../ui/button';
import { CredentialsFields } from '../ui/credentials-fields';
import { Spinner } from '../ui/spinner';
import { toastSignInFailed } from './auth-messages';
import { ResendConfirmation, isUnconfirmedEmail } from './resend-confirmation';

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
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please enter your password.',
    };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    setUnconfirmed(false);
    try {
      const user = await signInAndLoadMe(queryClient, email, password);
      toast.success('Salam! Welcome back!');
      navigate(redirect ?? user.home, { replace: true });
    } catch (error) {
      toastSignInFailed(error);
      setUnconfirmed(isUnconfirmedEmail(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
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

import ArrowLeft from 'lucide-react/icons/arrow-left';
import Store from 'lucide-react/icons/store';
import { type FormEvent, useState } from 'react';
import { Link } from '../lib/router';
import { signUp } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { CredentialsFields } from '../ui/credentials-fields';
import { PasswordField } from '../ui/password-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

const FIELDS = ['name', 'email', 'password', 'confirm'] as const;

/** /partner/signup: a restaurant creates its partner account, then confirms its e-mail (docs/product/partner.md#becoming-a-partner). */
export function PartnerSignUpPage() {
  useDocumentTitle('Become a partner');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(FIELDS, {
    unexpected: 'Sign up failed. Please try again.',
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      name: name.trim() ? undefined : 'Please enter your name.',
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password.length >= 8 ? undefined : 'Please choose a password of at least 8 characters.',
      confirm: password === confirm ? undefined : 'Passwords do not match',
    });
    if (!filled) return;
    if (await submit(() => signUp({ email, password, name: name.trim(), userType: 'partner' }))) setDone(true);
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
              Become a HalalNosh Partner
            </CardTitle>
            <CardDescription>Create your partner account, then set up your restaurant.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {done ? (
              <Alert>Account created! Please check your email and open the link to confirm your account.</Alert>
            ) : (
              <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
                {formError ? <Alert variant="destructive">{formError}</Alert> : null}
                <TextField
                  label="Your name"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  error={errors.name}
                  required
                />
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
                <Button type="submit" size="lg" disabled={busy}>
                  {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
                  Create Partner Account
                </Button>
              </form>
            )}
            <p className="text-center text-sm text-muted-foreground">
              Already a partner?{' '}
              <Link to="/partner/login" className="font-medium text-primary underline">
                Sign in
              </Link>
            </p>
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

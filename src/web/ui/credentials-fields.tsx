import { PasswordField } from './password-field';
import { TextField } from './text-field';

/**
 * The e-mail and password fields of every sign-in and sign-up form (customer, partner, driver,
 * admin): the same labels, autofill hints and error slots everywhere; each form keeps its own
 * texts, rules and submit button.
 */
export function CredentialsFields({
  email,
  password,
  onEmailChange,
  onPasswordChange,
  errors,
  newPassword = false,
  emailAutoComplete = 'email',
  passwordHint,
}: {
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  errors: { email?: string; password?: string };
  /** A password being chosen (sign-up) rather than typed from memory. */
  newPassword?: boolean;
  emailAutoComplete?: 'email' | 'username';
  passwordHint?: string;
}) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete={emailAutoComplete}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={errors.email}
        required
      />
      <PasswordField
        label="Password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        hint={passwordHint}
        error={errors.password}
        required
      />
    </>
  );
}

import { useState } from 'react';
import { useSearchParams } from '../lib/router';
import { safeRedirect } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { ForgotPasswordForm } from '../ui/forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'sign-in' | 'sign-up' | 'forgot';

/** /auth: customer sign in and sign up; ?redirect= brings the user back where a guard stopped them. */
export function AuthPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<Mode>(params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [email, setEmail] = useState('');
  useDocumentTitle(mode === 'sign-up' ? 'Sign up' : mode === 'forgot' ? 'Reset password' : 'Sign in');

  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Welcome to HalalNosh
          </CardTitle>
          <CardDescription>
            {redirect ? 'Please sign in to continue.' : 'Sign in or create an account to order halal food.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {mode === 'forgot' ? (
            <ForgotPasswordForm initialEmail={email} onBack={() => setMode('sign-in')} />
          ) : (
            <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
              <TabsList label="Sign in or sign up">
                <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                <SignInForm
                  redirect={redirect}
                  email={email}
                  onEmailChange={setEmail}
                  onForgotPassword={() => setMode('forgot')}
                />
              </TabsContent>
              <TabsContent value="sign-up">
                <SignUpForm
                  onSignedUp={(address) => {
                    setEmail(address);
                    setMode('sign-in');
                  }}
                />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import { refreshMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageLoading } from '../ui/spinner';
import { CONFIRMATION_UNEXPECTED_ERROR, callbackErrorMessage } from './confirmation-errors';

/**
 * /auth/callback: where the confirmation link lands. The link confirms the address but does not
 * sign in (a link someone else sent must not sign this browser into their account:
 * docs/decisions/0203-secret-check-limits.md), so a confirmed visitor is sent to /auth to sign in;
 * someone already signed in goes to their home (docs/product/README.md#accounts); otherwise back
 * to /auth with the reason: a refused link, no session, or a session check that failed
 * (docs/decisions/0130-confirmation-landing-messages.md).
 */
export function AuthCallbackPage() {
  useDocumentTitle('Confirming your account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const error = params.get('error');
  const confirmed = params.get('confirmed') === '1';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (error !== null) {
      toast.error(callbackErrorMessage(error));
      navigate('/auth', { replace: true });
      return;
    }
    refreshMe(queryClient)
      .then(({ user }) => {
        if (user) {
          toast.success('Email confirmed successfully!');
          navigate(user.home, { replace: true });
        } else if (confirmed) {
          toast.success('Email confirmed successfully!', { description: 'Please sign in to continue.' });
          navigate('/auth', { replace: true });
        } else {
          toast.error('No active session found.');
          navigate('/auth', { replace: true });
        }
      })
      .catch(() => {
        // The link was accepted but we could not read the session (network or server failure).
        toast.error(CONFIRMATION_UNEXPECTED_ERROR);
        navigate('/auth', { replace: true });
      });
  }, [confirmed, error, navigate, queryClient]);

  return <PageLoading label="Confirming your account..." />;
}

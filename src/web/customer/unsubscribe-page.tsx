import { useMutation } from '@tanstack/react-query';
import BellOff from 'lucide-react/icons/bell-off';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Link, useSearchParams } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';

const CHANNEL = { email: 'e-mails', push: 'push notifications', sms: 'texts' } as const;

/**
 * /unsubscribe?token=…: the link at the foot of a notification e-mail (docs/product/orders.md#notifications).
 * A button confirms it, so a mail scanner opening the link changes nothing; no sign-in needed.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useMutation({
    mutationFn: () => call(endpoints.account.postUnsubscribe, { body: { token } }),
  });

  return (
    <main id="main" tabIndex={-1} className="mx-auto grid max-w-lg gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="flex items-center gap-2 text-xl">
            {run.isSuccess ? (
              <CircleCheck aria-hidden="true" className="size-6 text-primary" />
            ) : (
              <BellOff aria-hidden="true" className="size-6 text-primary" />
            )}
            {run.isSuccess ? 'You are unsubscribed' : 'Unsubscribe'}
          </CardTitle>
          <CardDescription>
            {run.isSuccess
              ? `We will no longer send you "${run.data.kind}" ${CHANNEL[run.data.channel]}. Your other notifications are unchanged.`
              : 'Stop this kind of notification. You can turn it back on in your account at any time.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? <Alert variant="destructive">This unsubscribe link is not valid</Alert> : null}
          {run.isError ? <Alert variant="destructive">{run.error.message}</Alert> : null}
          {run.isSuccess ? (
            <Link to="/account?tab=notifications" className={buttonClasses({ variant: 'outline' })}>
              Notification settings
            </Link>
          ) : (
            <Button onClick={() => run.mutate()} disabled={!token || run.isPending} className="justify-self-start">
              {run.isPending ? <Spinner className="size-4 text-primary-foreground" /> : <BellOff aria-hidden="true" />}
              Unsubscribe
            </Button>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

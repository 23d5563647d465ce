import { useQuery } from '@tanstack/react-query';
import Inbox from 'lucide-react/icons/inbox';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PageLoading } from '../ui/spinner';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Mail text with every web address made a link (confirmation and reset links open from here). */
function MailText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="break-all font-medium text-primary underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <p className="whitespace-pre-wrap break-words text-sm">{parts}</p>;
}

const CHANNEL_LABEL = { email: 'E-mail', push: 'Push', sms: 'SMS' } as const;

/** /dev/mail: the dev outbox of demo mode, where e-mails, push notifications and texts land instead of being sent. */
export function DevMailPage() {
  useDocumentTitle('Dev outbox');
  const mails = useQuery({
    queryKey: ['dev', 'mail'],
    queryFn: ({ signal }) => call(endpoints.dev.getDevMail, { signal }),
    refetchInterval: 5000,
  });
  const notDemo = mails.error instanceof ApiError && mails.error.status === 404;

  return (
    <main id="main" tabIndex={-1} className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <Link to="/" className="text-sm font-semibold text-primary">
            HalalNosh
          </Link>
          <h1 className="text-2xl font-bold">Dev outbox</h1>
          <p className="text-muted-foreground">
            Demo mode only: with no mail server, push service or SMS provider configured, every e-mail, push
            notification and text HalalNosh would send is kept here instead (newest first, latest 50).
          </p>
        </div>
        <Button variant="outline" onClick={() => void mails.refetch()} disabled={mails.isFetching}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {mails.isPending ? (
        <PageLoading label="Loading mails..." />
      ) : notDemo ? (
        <Alert variant="warning">The dev outbox is only available when the server runs in demo mode.</Alert>
      ) : mails.isError ? (
        <Alert variant="destructive">Could not load the outbox: {mails.error.message}</Alert>
      ) : mails.data.mails.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <Inbox aria-hidden="true" className="size-10" />
          <p>Nothing yet. Sign up, ask for a password reset or place an order and the messages appear here.</p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {mails.data.mails.map((mail) => (
            <li key={mail.id}>
              <Card>
                <CardHeader>
                  <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-base">
                    <span className="rounded bg-muted px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      {CHANNEL_LABEL[mail.channel]}
                    </span>
                    {mail.subject}
                  </CardTitle>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
                    <dt>To</dt>
                    <dd className="break-all">{mail.to}</dd>
                    <dt>Time</dt>
                    <dd>
                      <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
                    </dd>
                  </dl>
                </CardHeader>
                <CardContent>
                  <MailText text={mail.text} />
                  {mail.url && mail.channel !== 'email' ? (
                    <p className="mt-2 text-sm">
                      Opens:{' '}
                      <a href={mail.url} className="font-medium text-primary underline underline-offset-2">
                        {mail.url}
                      </a>
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

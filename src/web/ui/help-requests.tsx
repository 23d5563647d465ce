import { useQuery, useQueryClient } from '@tanstack/react-query';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Send from 'lucide-react/icons/send';
import { type FormEvent, useState } from 'react';
import type { HelpTicketSummary } from '../../domain/contracts/tickets/help-endpoints';
import { HELP_MESSAGES, HELP_STATUS_LABELS } from '../../domain/help';
import { topicName } from '../../domain/topics';
import { call } from '../lib/call';
import { cn } from '../lib/cn';
import { endpoints } from '../lib/endpoints.generated';
import { formatDate, formatDateTime } from '../lib/format';
import { useLiveEvents } from '../lib/live';
import { useMe } from '../lib/me';
import { useSearchParams } from '../lib/router';
import { useDocumentTitle } from '../lib/use-document-title';
import { toast } from '../lib/toast';
import { useFormErrors } from './use-form-errors';
import { Badge } from './badge';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadFailed } from './load-failed';
import { Spinner } from './spinner';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea';

const helpKeys = {
  list: ['help', 'tickets'] as const,
  orders: ['help', 'orders'] as const,
  one: (id: string) => ['help', 'tickets', id] as const,
};

const STATUS_VARIANT: Record<HelpTicketSummary['status'], 'secondary' | 'warning' | 'outline'> = {
  new: 'outline',
  open: 'secondary',
  escalated: 'secondary',
  pending_customer: 'warning',
  resolved: 'outline',
  closed: 'outline',
};

const NEW_REQUEST_FIELDS = ['subject', 'message', 'orderNumber'] as const;

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * "Ask for help": subject, message and, optionally, the order it is about: one of the person's own
 * orders (a customer's), jobs (a driver's) or their branches' orders (a partner's), picked from a list.
 */
function NewRequestForm({ onCreated }: { onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const orders = useQuery({
    queryKey: helpKeys.orders,
    queryFn: ({ signal }) => call(endpoints.tickets.getHelpOrders, { signal }).then((r) => r.orders),
  });
  // The product's toast spells a failure; a field the server refuses shows under it too.
  const { formRef, errors, busy, check, submit } = useFormErrors(NEW_REQUEST_FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      subject: subject.trim() ? undefined : HELP_MESSAGES.required,
      message: message.trim() ? undefined : HELP_MESSAGES.required,
    });
    if (!filled) return;
    await submit(
      async () => {
        const { ticket } = await call(endpoints.tickets.postHelpTickets, {
          body: { subject, message, ...(orderNumber ? { orderNumber } : {}) },
        });
        toast.success(HELP_MESSAGES.created, { description: `Your request ${ticket.ticketNumber} is with our team.` });
        setSubject('');
        setMessage('');
        setOrderNumber('');
        await queryClient.invalidateQueries({ queryKey: helpKeys.list });
        onCreated(ticket.id);
      },
      (error) => toast.error(HELP_MESSAGES.createFailed, { description: errorText(error) }),
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Ask for help">
      <TextField
        label="Subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={errors.subject}
        maxLength={200}
        required
      />
      {orders.data && orders.data.length > 0 ? (
        <SelectField
          label="Order (optional)"
          value={orderNumber}
          onChange={(e) => setOrderNumber(e.target.value)}
          error={errors.orderNumber}
          options={[
            { value: '', label: 'Not about an order' },
            ...orders.data.map((o) => ({
              value: o.orderNumber,
              label: `${o.orderNumber} · ${o.branchName} · ${formatDate(o.createdAt)}`,
            })),
          ]}
        />
      ) : null}
      <TextareaField
        label="How can we help?"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        maxLength={5000}
        required
      />
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : <Send aria-hidden="true" />}
        Send Request
      </Button>
    </form>
  );
}

/** One request: the conversation and, unless it is closed, the answer box. */
function Conversation({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const { formRef, errors, busy, check, submit } = useFormErrors(['message']);
  const ticket = useQuery({
    queryKey: helpKeys.one(id),
    queryFn: ({ signal }) =>
      call(endpoints.tickets.getHelpTicketsById, { params: { id }, signal }).then((r) => r.ticket),
  });

  if (ticket.isPending) return <Spinner label="Loading the conversation" />;
  if (ticket.isError)
    return <LoadFailed inline title={HELP_MESSAGES.loadFailed} onRetry={() => void ticket.refetch()} />;
  const t = ticket.data;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check({ message: reply.trim() ? undefined : HELP_MESSAGES.required })) return;
    await submit(
      async () => {
        const { ticket: updated } = await call(endpoints.tickets.postHelpTicketsByIdMessages, {
          params: { id },
          body: { message: reply },
        });
        queryClient.setQueryData(helpKeys.one(id), updated);
        await queryClient.invalidateQueries({ queryKey: helpKeys.list });
        setReply('');
        toast.success(HELP_MESSAGES.replied);
      },
      (e) => toast.error(HELP_MESSAGES.replyFailed, { description: errorText(e) }),
    );
  };

  return (
    <section aria-labelledby={`help-${id}`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`help-${id}`} className="font-semibold">
          {t.ticketNumber}: {t.subject}
        </h3>
        <Badge variant={STATUS_VARIANT[t.status]}>{HELP_STATUS_LABELS[t.status]}</Badge>
      </div>
      {t.orderNumber ? <p className="text-sm text-muted-foreground">About order {t.orderNumber}</p> : null}
      <ol className="grid gap-3" aria-label="Conversation">
        {t.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2 text-sm',
              m.from === 'me' ? 'justify-self-end bg-primary-soft' : 'justify-self-start border border-border bg-card',
            )}
          >
            <p className="text-xs text-muted-foreground">
              {m.from === 'me' ? 'You' : m.senderName} · {formatDateTime(m.createdAt)}
            </p>
            <p className="whitespace-pre-wrap">{m.message}</p>
          </li>
        ))}
      </ol>
      {t.status === 'closed' ? (
        <p className="text-sm text-muted-foreground">{HELP_MESSAGES.closed}</p>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-2">
          <TextareaField
            label="Your answer"
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            error={errors.message}
            maxLength={5000}
          />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : <Send aria-hidden="true" />}
            Send Reply
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * Help (docs/product/customer.md#help): the person's own requests, newest activity first, a new
 * request, and the chosen request's conversation, following staff answers live on `user:{id}`.
 * Customers, drivers and partners share it; each may link one of their own orders.
 */
export function HelpRequests({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // A staff answer's e-mail links one request (`?request=`): it opens first.
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => params.get('request'));
  const list = useQuery({
    queryKey: helpKeys.list,
    queryFn: ({ signal }) => call(endpoints.tickets.getHelpTickets, { signal }).then((r) => r.tickets),
  });
  useLiveEvents([topicName.user(userId)], {
    refetch: [helpKeys.list],
    on: {
      'ticket.message': ({ ticketId }) => void queryClient.invalidateQueries({ queryKey: helpKeys.one(ticketId) }),
      'ticket.updated': ({ ticketId }) => void queryClient.invalidateQueries({ queryKey: helpKeys.one(ticketId) }),
    },
    refetchOn: ['ticket.message', 'ticket.updated'],
  });
  const selected = openId ?? list.data?.[0]?.id ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid content-start gap-6">
        <section aria-labelledby="help-new" className="grid gap-3">
          <h2 id="help-new" className="text-lg font-semibold">
            Ask for help
          </h2>
          <NewRequestForm onCreated={setOpenId} />
        </section>
        <section aria-labelledby="help-list" className="grid gap-3">
          <h2 id="help-list" className="text-lg font-semibold">
            Your requests
          </h2>
          {list.isPending ? (
            <Spinner label="Loading your requests" />
          ) : list.isError ? (
            <LoadFailed inline title={HELP_MESSAGES.loadFailed} onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No requests yet.</p>
          ) : (
            <ul className="grid gap-2">
              {list.data.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(t.id)}
                    aria-current={t.id === selected ? 'true' : undefined}
                    className={cn(
                      'grid w-full gap-1 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      t.id === selected ? 'border-primary' : 'border-border',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{t.subject}</span>
                      <Badge variant={STATUS_VARIANT[t.status]}>{HELP_STATUS_LABELS[t.status]}</Badge>
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t.ticketNumber} · {formatDateTime(t.updatedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="min-w-0">
        {selected ? (
          <Conversation key={selected} id={selected} />
        ) : (
          <EmptyState icon={<LifeBuoy aria-hidden="true" />} title="We are here to help" headingLevel={3}>
            Ask us anything about an order, your account or the app. Our answers appear here.
          </EmptyState>
        )}
      </div>
    </div>
  );
}

/** A whole Help page for the driver app and the partner console: the heading, one line of help, and the requests. */
export function HelpPage({ note }: { note: string }) {
  useDocumentTitle('Help');
  const user = useMe().data?.user;
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help</h1>
        <p className="text-sm text-muted-foreground">{note}</p>
      </div>
      <HelpRequests userId={user.id} />
    </div>
  );
}

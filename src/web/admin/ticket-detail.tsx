import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import Send from 'lucide-react/icons/send';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { TICKET_MESSAGES, type TicketResponse } from '../../domain/contracts/tickets/tickets';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/tickets';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { adminKeys } from './admin-api';
import { LoadFailed } from './admin-states';
import { LabelledSwitch } from './labelled-switch';
import { TICKET_CHANNEL_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from './ticket-labels';
import { HalalTicketActions } from './halal-ticket-actions';

type Patch = BodyOf<typeof endpoints.tickets.patchAdminTicketsOne>;

const TICKET_FIELDS = ['status', 'priority', 'assigneeId'] as const;

/**
 * The right pane: one ticket, its status, priority and assignee, the thread and the composer (Enter
 * sends). A refused value (an assignee who no longer handles tickets, a reply the server refuses)
 * shows under its control and takes the focus; the toast says what failed, with anything that
 * lands on no field (docs/decisions/0219-one-form-kit.md).
 */
export function TicketDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const ticket = useQuery({
    queryKey: adminKeys.ticket(id),
    queryFn: ({ signal }) => call(endpoints.tickets.getAdminTicketsOne, { params: { id }, signal }),
  });
  const assignees = useQuery({
    queryKey: adminKeys.assignees,
    queryFn: ({ signal }) => call(endpoints.tickets.getAdminTicketsAssignees, { signal }),
  });
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const fields = useFormErrors(TICKET_FIELDS);
  const reply = useFormErrors(['message']);

  const onSaved = (data: TicketResponse) => {
    queryClient.setQueryData(adminKeys.ticket(id), data);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'tickets', 'list'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
  };

  const update = useMutation({
    mutationFn: (patch: Patch) => call(endpoints.tickets.patchAdminTicketsOne, { params: { id }, body: patch }),
    onMutate: () => fields.clear(),
    onSuccess: (data, patch) => {
      onSaved(data);
      toast.success(
        patch.status
          ? TICKET_MESSAGES.statusUpdated
          : patch.priority
            ? 'Ticket priority updated'
            : 'Ticket assignee updated',
      );
    },
    onError: (error, patch) => {
      const shown = fields.fail(error);
      toast.error(
        patch.status
          ? TICKET_MESSAGES.statusFailed
          : patch.priority
            ? 'Failed to update ticket priority'
            : 'Failed to update ticket assignee',
        { description: shown.form ?? undefined },
      );
    },
  });

  const send = useMutation({
    mutationFn: (body: { message: string; isInternal: boolean }) =>
      call(endpoints.tickets.postAdminTicketsByIdMessages, { params: { id }, body }),
    onMutate: () => reply.clear(),
    onSuccess: (data) => {
      onSaved(data);
      setMessage('');
      toast.success(TICKET_MESSAGES.sent);
    },
    onError: (error) => {
      const shown = reply.fail(error);
      toast.error(TICKET_MESSAGES.sendFailed, { description: shown.form ?? undefined });
    },
  });

  const submit = () => {
    const text = message.trim();
    if (!text || send.isPending) return;
    send.mutate({ message: text, isInternal: internal });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (ticket.isPending) return <Spinner label="Loading ticket" />;
  if (ticket.isError)
    return (
      <LoadFailed
        title={TICKET_MESSAGES.loadFailed}
        message={ticket.error.message}
        onRetry={() => void ticket.refetch()}
      />
    );
  const t = ticket.data.ticket;
  const people = assignees.data?.assignees ?? [];

  return (
    <article aria-labelledby="ticket-title" className="flex h-full min-h-0 flex-col gap-4">
      <header className="grid gap-2 border-b border-border pb-4">
        <p className="text-sm font-semibold text-muted-foreground">{t.ticketNumber}</p>
        <h2 id="ticket-title" className="text-xl font-semibold">
          {t.subject}
        </h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>Channel: {TICKET_CHANNEL_LABELS[t.channel]}</span>
          {t.customerEmail ? <span>Customer: {t.customerEmail}</span> : null}
          {t.orderNumber ? <span>Order: {t.orderNumber}</span> : null}
          {t.siteName ? <span>Restaurant: {t.siteName}</span> : null}
          <span>Opened {formatDateTime(t.createdAt)}</span>
          {t.createdByName ? <span>by {t.createdByName}</span> : null}
        </p>
        {t.channel === 'halal_report' ? <HalalTicketActions ticketId={t.id} ticketNumber={t.ticketNumber} /> : null}
        {/* Each select saves on change; the (unnamed) form only ties their refusals to them. */}
        <form
          ref={fields.formRef}
          noValidate
          onSubmit={(e) => e.preventDefault()}
          className="grid gap-3 sm:grid-cols-3"
        >
          <SelectField
            label="Status"
            value={t.status}
            error={fields.errors.status}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ status: TICKET_STATUSES.find((s) => s === e.target.value) })}
            options={TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
          />
          <SelectField
            label="Priority"
            value={t.priority}
            error={fields.errors.priority}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ priority: TICKET_PRIORITIES.find((p) => p === e.target.value) })}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
          />
          <SelectField
            label="Assignee"
            value={t.assigneeId ?? ''}
            error={fields.errors.assigneeId}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ assigneeId: e.target.value || null })}
            options={[
              { value: '', label: 'Unassigned' },
              ...people.map((p) => ({ value: p.userId, label: p.name })),
              ...(t.assigneeId && !people.some((p) => p.userId === t.assigneeId)
                ? [{ value: t.assigneeId, label: t.assigneeName ?? 'Former member' }]
                : []),
            ]}
          />
        </form>
      </header>

      <section aria-label="Conversation" className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto">
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Description</p>
          <p className="whitespace-pre-wrap">{t.description}</p>
        </div>
        {t.messages.length === 0 ? <p className="text-sm text-muted-foreground">No messages yet.</p> : null}
        <ol className="grid gap-3" aria-live="polite">
          {t.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'grid gap-1 rounded-md border p-3 text-sm',
                m.isInternal
                  ? 'border-amber-300 bg-accent'
                  : m.senderType === 'staff'
                    ? 'border-border bg-primary-soft'
                    : 'border-border bg-card',
              )}
            >
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{m.senderName}</span>
                <span className="capitalize">{m.senderType}</span>
                <span>{formatDateTime(m.createdAt)}</span>
                {m.isInternal ? (
                  <Badge variant="warning">
                    <Lock aria-hidden="true" className="mr-1 size-3" />
                    Internal note
                  </Badge>
                ) : null}
              </p>
              <p className="whitespace-pre-wrap">{m.message}</p>
            </li>
          ))}
        </ol>
      </section>

      <form ref={reply.formRef} onSubmit={onSubmit} noValidate className="grid gap-2 border-t border-border pt-4">
        <TextareaField
          label={internal ? 'Internal note' : 'Message'}
          hint="Enter sends; Shift+Enter starts a new line."
          error={reply.errors.message}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-20"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <LabelledSwitch label="Internal note (staff only)" checked={internal} onCheckedChange={setInternal} />
          <Button type="submit" disabled={!message.trim() || send.isPending}>
            {send.isPending ? <Spinner className="size-4 text-primary-foreground" /> : <Send aria-hidden="true" />}
            Send
          </Button>
        </div>
      </form>
    </article>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { TICKET_MESSAGES, createTicketBody } from '../../domain/contracts/tickets/tickets';
import { TICKET_CHANNELS, TICKET_PRIORITIES, type TicketChannel, type TicketPriority } from '../../domain/tickets';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { adminKeys } from './admin-api';
import { TICKET_CHANNEL_LABELS, TICKET_PRIORITY_LABELS } from './ticket-labels';

const FIELDS = ['subject', 'description', 'customerEmail', 'channel', 'priority'] as const;

/**
 * New Ticket: subject and description required, customer e-mail optional, channel and priority.
 * A refused field shows under it; the toast says what failed.
 */
export function NewTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [customerEmail, setCustomerEmail] = useState('');
  const [channel, setChannel] = useState<TicketChannel>('admin');
  const [priority, setPriority] = useState<TicketPriority>('normal');
  const { formRef, errors, check, fail, clear } = useFormErrors(FIELDS);

  const create = useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.tickets.postAdminTickets>) =>
      call(endpoints.tickets.postAdminTickets, { body }),
    onSuccess: (data) => {
      toast.success(TICKET_MESSAGES.created, { description: data.ticket.ticketNumber });
      setSubject('');
      setDescription('');
      setCustomerEmail('');
      setChannel('admin');
      setPriority('normal');
      clear();
      onCreated(data.ticket.id);
      onClose();
    },
    onError: (error) => {
      const shown = fail(error);
      toast.error(TICKET_MESSAGES.createFailed, { description: shown.form ?? undefined });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.ticketsAll }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      subject: subject.trim() ? undefined : 'Subject is required',
      description: description.trim() ? undefined : 'Description is required',
    });
    if (!filled) {
      toast.error(TICKET_MESSAGES.required);
      return;
    }
    const parsed = createTicketBody.safeParse({ subject, description, customerEmail, channel, priority });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELDS.find((f) => f === issue?.path[0]);
      if (field) check({ [field]: issue!.message });
      else toast.error(issue?.message ?? TICKET_MESSAGES.required);
      return;
    }
    create.mutate({ subject, description, customerEmail: customerEmail.trim() || null, channel, priority });
  };

  return (
    <Dialog open={open} onClose={onClose} title="New Ticket" description="Log a customer-service case by hand.">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={errors.subject}
          required
        />
        <TextareaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          required
        />
        <TextField
          label="Customer email"
          type="email"
          optional
          value={customerEmail}
          onChange={(e) => setCustomerEmail(e.target.value)}
          error={errors.customerEmail}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Channel"
            value={channel}
            onChange={(e) => setChannel(e.target.value as TicketChannel)}
            error={errors.channel}
            options={TICKET_CHANNELS.map((c) => ({ value: c, label: TICKET_CHANNEL_LABELS[c] }))}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as TicketPriority)}
            error={errors.priority}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Create Ticket
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

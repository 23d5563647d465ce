import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { TICKET_MESSAGES, createTicketBody } from '../../domain/contracts/tickets/tickets';
import { TICKET_CHANNELS, TICKET_PRIORITIES, type TicketChannel, type TicketPriority } from '../../domain/tickets';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { adminKeys } from './admin-api';
import { TICKET_CHANNEL_LABELS, TICKET_PRIORITY_LABELS } from './ticket-labels';

/** New Ticket: subject and description required, customer e-mail optional, channel and priority. */
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
      onCreated(data.ticket.id);
      onClose();
    },
    onError: (error) => toast.error(TICKET_MESSAGES.createFailed, { description: error.message }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.ticketsAll }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!subject.trim() || !description.trim()) {
      toast.error(TICKET_MESSAGES.required);
      return;
    }
    const parsed = createTicketBody.safeParse({ subject, description, customerEmail, channel, priority });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? TICKET_MESSAGES.required);
      return;
    }
    create.mutate({ subject, description, customerEmail: customerEmail.trim() || null, channel, priority });
  };

  return (
    <Dialog open={open} onClose={onClose} title="New Ticket" description="Log a customer-service case by hand.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} required />
        <TextareaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          required
        />
        <TextField
          label="Customer email"
          type="email"
          optional
          value={customerEmail}
          onChange={(e) => setCustomerEmail(e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Channel"
            value={channel}
            onChange={(e) => setChannel(e.target.value as TicketChannel)}
            options={TICKET_CHANNELS.map((c) => ({ value: c, label: TICKET_CHANNEL_LABELS[c] }))}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as TicketPriority)}
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type ConsoleOrderResponse,
  ORDER_CONSOLE_MESSAGES,
  cancelOrderBody,
  markDeliveredBody,
  unassignDriverBody,
} from '../../domain/contracts/admin/order-console';
import { TICKET_PRIORITIES, type TicketPriority } from '../../domain/tickets';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { adminKeys } from './admin-api';
import { TICKET_PRIORITY_LABELS } from './ticket-labels';

/** Runs one console action: the answer is the order page as it now stands, put straight into the cache. */
export function useConsoleAction<V>(
  orderNumber: string,
  run: (vars: V) => Promise<ConsoleOrderResponse>,
  success: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (page) => {
      queryClient.setQueryData(adminKeys.order(orderNumber), page);
      void queryClient.invalidateQueries({ queryKey: adminKeys.ordersAll });
      toast.success(success);
    },
    onError: (error) => toast.error(error.message),
  });
}

type ReasonKind = 'cancel' | 'deliver' | 'unassign';

const REASON_DIALOGS: Record<
  ReasonKind,
  { title: string; description: string; label: string; confirm: string; done: string; destructive: boolean }
> = {
  cancel: {
    title: 'Cancel order',
    description: 'The customer, the restaurant and any driver see it cancelled at once. This cannot be undone.',
    label: 'Cancellation reason',
    confirm: 'Cancel order',
    done: ORDER_CONSOLE_MESSAGES.cancelled,
    destructive: true,
  },
  deliver: {
    title: 'Mark delivered',
    description:
      'For a delivery that reached the customer when the driver cannot complete it (their phone died). The driver is paid as usual.',
    label: 'Note',
    confirm: 'Mark delivered',
    done: ORDER_CONSOLE_MESSAGES.delivered,
    destructive: false,
  },
  unassign: {
    title: 'Unassign driver',
    description: 'The driver is taken off the job and it goes straight back on the jobs board.',
    label: 'Reason',
    confirm: 'Unassign driver',
    done: ORDER_CONSOLE_MESSAGES.driverUnassigned,
    destructive: true,
  },
};

const REASON_FIELDS = ['text'] as const;
const REASON_PATHS = { reason: 'text', note: 'text' } as const;

/** Cancel with a reason, mark delivered with a note, unassign with a reason: one dialog, one required text. */
export function ReasonDialog({
  kind,
  orderNumber,
  onClose,
}: {
  kind: ReasonKind | null;
  orderNumber: string;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  // The reason or note is the one field: the server's `reason` or `note` lands on it.
  const { formRef, errors, check, fail, clear } = useFormErrors(REASON_FIELDS, { paths: REASON_PATHS });
  const params = { orderNumber };
  const action = useConsoleAction(
    orderNumber,
    (vars: { kind: ReasonKind; text: string }) =>
      vars.kind === 'cancel'
        ? call(endpoints.admin.postAdminOrdersByOrderNumberCancel, { params, body: { reason: vars.text } })
        : vars.kind === 'deliver'
          ? call(endpoints.admin.postAdminOrdersByOrderNumberDeliver, { params, body: { note: vars.text } })
          : call(endpoints.admin.postAdminOrdersByOrderNumberDriverUnassign, { params, body: { reason: vars.text } }),
    kind ? REASON_DIALOGS[kind].done : '',
  );
  const copy = kind ? REASON_DIALOGS[kind] : REASON_DIALOGS.cancel;
  const close = () => {
    if (action.isPending) return;
    setText('');
    clear();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!kind) return;
    const schema = kind === 'cancel' ? cancelOrderBody : kind === 'deliver' ? markDeliveredBody : unassignDriverBody;
    const parsed = schema.safeParse(kind === 'deliver' ? { note: text } : { reason: text });
    if (!check({ text: parsed.success ? undefined : (parsed.error.issues[0]?.message ?? `${copy.label} is required`) }))
      return;
    action.mutate({ kind, text: text.trim() }, { onSuccess: close, onError: fail });
  };
  return (
    <Dialog open={!!kind} onClose={close} title={copy.title} description={copy.description}>
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
        <TextareaField
          label={copy.label}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            clear();
          }}
          error={errors.text}
          required
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close} disabled={action.isPending}>
            Back
          </Button>
          <Button type="submit" variant={copy.destructive ? 'destructive' : 'default'} disabled={action.isPending}>
            {action.isPending ? <Spinner className="size-4 text-current" /> : null}
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Assign driver": approved drivers online now, those in the pickup area first. */
export function AssignDriver({ orderNumber, reassign }: { orderNumber: string; reassign: boolean }) {
  const [driverId, setDriverId] = useState('');
  const candidates = useQuery({
    queryKey: adminKeys.orderDrivers(orderNumber),
    queryFn: ({ signal }) =>
      call(endpoints.admin.getAdminOrdersByOrderNumberDrivers, { params: { orderNumber }, signal }),
  });
  const assign = useConsoleAction(
    orderNumber,
    (id: string) =>
      call(endpoints.admin.postAdminOrdersByOrderNumberDriver, { params: { orderNumber }, body: { driverId: id } }),
    ORDER_CONSOLE_MESSAGES.driverAssigned,
  );
  if (candidates.isPending) return <Spinner label="Loading drivers" />;
  if (candidates.isError) return <p className="text-sm text-destructive">{candidates.error.message}</p>;
  const drivers = candidates.data.drivers;
  if (drivers.length === 0) return <p className="text-sm text-muted-foreground">{ORDER_CONSOLE_MESSAGES.noDrivers}</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (driverId) assign.mutate(driverId, { onSuccess: () => setDriverId('') });
      }}
    >
      <SelectField
        label={reassign ? 'Reassign to' : 'Assign to'}
        value={driverId}
        onChange={(e) => setDriverId(e.target.value)}
        containerClassName="min-w-56 flex-1"
        options={[
          { value: '', label: 'Choose a driver' },
          ...drivers.map((d) => ({
            value: d.id,
            label: `${d.name} · ${d.postcode ?? 'no area'}${d.inPickupArea ? ' (pickup area)' : ''} · ${d.activeJobs} active`,
          })),
        ]}
      />
      <Button type="submit" disabled={!driverId || assign.isPending}>
        {assign.isPending ? <Spinner className="size-4 text-current" /> : null}
        {reassign ? 'Reassign driver' : 'Assign driver'}
      </Button>
    </form>
  );
}

/** An internal note; the request id makes a double click store it once. */
export function AddNote({ orderNumber }: { orderNumber: string }) {
  const [body, setBody] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const add = useConsoleAction(
    orderNumber,
    (vars: { body: string; requestId: string }) =>
      call(endpoints.admin.postAdminOrdersByOrderNumberNotes, { params: { orderNumber }, body: vars }),
    ORDER_CONSOLE_MESSAGES.noteAdded,
  );
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        add.mutate(
          { body: body.trim(), requestId },
          {
            onSuccess: () => {
              setBody('');
              setRequestId(crypto.randomUUID());
            },
          },
        );
      }}
    >
      <TextareaField
        label="Internal note"
        hint="Seen by the back office only."
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={2}
      />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={!body.trim() || add.isPending}>
        {add.isPending ? <Spinner className="size-4 text-current" /> : null}
        Add note
      </Button>
    </form>
  );
}

/** Open a ticket for the order, or link an existing one by its number. */
export function OrderTicketActions({ orderNumber }: { orderNumber: string }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('normal');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [ticketNumber, setTicketNumber] = useState('');
  const params = { orderNumber };
  const openTicket = useConsoleAction(
    orderNumber,
    () =>
      call(endpoints.admin.postAdminOrdersByOrderNumberTickets, {
        params,
        body: { subject: subject.trim(), description: description.trim(), priority, requestId },
      }),
    ORDER_CONSOLE_MESSAGES.ticketOpened,
  );
  const link = useConsoleAction(
    orderNumber,
    (number: string) =>
      call(endpoints.admin.postAdminOrdersByOrderNumberTicketsLink, { params, body: { ticketNumber: number } }),
    ORDER_CONSOLE_MESSAGES.ticketLinked,
  );
  const close = () => {
    if (!openTicket.isPending) setOpen(false);
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="outline" onClick={() => setOpen(true)}>
          Open ticket
        </Button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (ticketNumber.trim()) link.mutate(ticketNumber.trim(), { onSuccess: () => setTicketNumber('') });
          }}
        >
          <TextField
            label="Link ticket"
            placeholder="T-1001"
            value={ticketNumber}
            onChange={(e) => setTicketNumber(e.target.value)}
            containerClassName="w-36"
          />
          <Button type="submit" variant="outline" disabled={!ticketNumber.trim() || link.isPending}>
            Link
          </Button>
        </form>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Open ticket"
        description={`A support ticket for order ${orderNumber}.`}
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!subject.trim() || !description.trim()) {
              toast.error('Please fill in required fields');
              return;
            }
            openTicket.mutate(undefined, {
              onSuccess: () => {
                setSubject('');
                setDescription('');
                setPriority('normal');
                setRequestId(crypto.randomUUID());
                setOpen(false);
              },
            });
          }}
        >
          <TextField
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            data-autofocus
          />
          <TextareaField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as TicketPriority)}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Back
            </Button>
            <Button type="submit" disabled={openTicket.isPending}>
              {openTicket.isPending ? <Spinner className="size-4 text-current" /> : null}
              Open ticket
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

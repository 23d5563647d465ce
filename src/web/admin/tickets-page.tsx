import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Inbox from 'lucide-react/icons/inbox';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../lib/router';
import { TICKET_MESSAGES } from '../../domain/contracts/tickets/tickets';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/tickets';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Input } from '../ui/input';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';
import { NewTicketDialog } from './new-ticket-dialog';
import { TicketDetail } from './ticket-detail';
import { TICKET_CHANNEL_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from './ticket-labels';

const PRIORITY_VARIANT = { low: 'outline', normal: 'secondary', high: 'warning', urgent: 'destructive' } as const;

/** /admin/tickets (super_admin, ops_manager, cs_agent, finance): two panes, list and detail; new tickets arrive live. */
export function TicketsPage() {
  useDocumentTitle('Customer Service');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(search.trim());
  // Only a known status or priority filters (a hand-edited URL would otherwise be refused).
  const status = TICKET_STATUSES.find((s) => s === params.get('status'));
  const priority = TICKET_PRIORITIES.find((p) => p === params.get('priority'));
  const selected = params.get('ticket');
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key !== 'ticket' },
    );

  const filters = { q, status, priority };
  const list = useQuery({
    queryKey: adminKeys.tickets(filters),
    queryFn: ({ signal }) => call(endpoints.tickets.getAdminTickets, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Customer Service"
        note="Tickets from customers, drivers, restaurants, halal reports and late orders, as they arrive."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New Ticket
          </Button>
        }
      />
      <div className="grid min-h-[36rem] gap-4 lg:grid-cols-[minmax(20rem,26rem)_1fr]">
        <section
          aria-label="Tickets"
          className="flex min-h-0 flex-col gap-3 rounded-lg border border-border bg-card p-3"
        >
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search tickets"
              placeholder="Search number, subject or email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <SelectField
              label="Status"
              value={status ?? ''}
              onChange={(e) => setParam('status', e.target.value || null)}
              options={[
                { value: '', label: 'All statuses' },
                ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
              ]}
            />
            <SelectField
              label="Priority"
              value={priority ?? ''}
              onChange={(e) => setParam('priority', e.target.value || null)}
              options={[
                { value: '', label: 'All priorities' },
                ...TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] })),
              ]}
            />
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {list.data ? `${list.data.matches} ${list.data.matches === 1 ? 'ticket' : 'tickets'}` : ''}
            {list.isFetching ? ' · updating...' : ''}
          </p>
          {list.isPending ? (
            <Spinner label="Loading tickets" />
          ) : list.isError ? (
            <LoadFailed
              title={TICKET_MESSAGES.loadFailed}
              message={list.error.message}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.tickets.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No tickets match.</p>
          ) : (
            <ul className="-mx-1 grid max-h-[32rem] content-start gap-1 overflow-y-auto px-1">
              {list.data.tickets.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => setParam('ticket', t.id)}
                    aria-current={selected === t.id ? 'true' : undefined}
                    className={cn(
                      'grid w-full gap-1 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      selected === t.id ? 'border-primary bg-primary-soft' : 'border-transparent hover:bg-muted',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                      <span className="font-semibold">{t.ticketNumber}</span>
                      <span>{formatDateTime(t.createdAt)}</span>
                    </span>
                    <span className="line-clamp-1 font-medium">{t.subject}</span>
                    <span className="flex flex-wrap items-center gap-1.5">
                      <Badge
                        variant={t.status === 'escalated' ? 'destructive' : t.status === 'new' ? 'default' : 'outline'}
                      >
                        {TICKET_STATUS_LABELS[t.status]}
                      </Badge>
                      <Badge variant={PRIORITY_VARIANT[t.priority]}>{TICKET_PRIORITY_LABELS[t.priority]}</Badge>
                      <span className="text-xs text-muted-foreground">{TICKET_CHANNEL_LABELS[t.channel]}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Ticket detail" className="min-h-0 rounded-lg border border-border bg-card p-4">
          {selected ? (
            <TicketDetail key={selected} id={selected} />
          ) : (
            <EmptyState icon={<Inbox aria-hidden="true" />} title="Select a ticket" className="border-0">
              Choose a ticket on the left to read and answer it.
            </EmptyState>
          )}
        </section>
      </div>
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => setParam('ticket', id)} />
    </div>
  );
}

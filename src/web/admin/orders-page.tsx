import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from '../lib/router';
import { ORDER_CONSOLE_MESSAGES } from '../../domain/contracts/admin/order-console';
import { CONSOLE_STATUS_LABELS } from '../../domain/order-console';
import { ORDER_STATUSES } from '../../domain/order-flow';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';
import { StatusBadge } from './order-status-badge';
import { TableHead } from '../ui/table-head';
import { formatPhone } from '../../domain/phone';

const FIELDS = ['q', 'branch', 'status', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /admin/orders (super_admin, ops_manager, cs_agent): search every order by number, customer phone or
 * e-mail, branch, status and London dates, newest first, 25 a page (docs/product/admin.md#order-console).
 * The filters live in the URL, so a search can be shared; new orders arrive live (admin topic).
 */
export function OrdersPage() {
  useDocumentTitle('Orders');
  const [params, setParams] = useSearchParams();
  const read = (key: Field) => params.get(key) ?? '';
  const [draft, setDraft] = useState<Record<Field, string>>(() => ({
    q: read('q'),
    branch: read('branch'),
    status: read('status'),
    from: read('from'),
    to: read('to'),
  }));
  const status = ORDER_STATUSES.find((s) => s === params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = {
    q: read('q') || undefined,
    branch: read('branch') || undefined,
    status,
    from: read('from') || undefined,
    to: read('to') || undefined,
    page,
  };
  const list = useQuery({
    queryKey: adminKeys.orders(query),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FIELDS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const goTo = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('page', String(n));
      return next;
    });
  const set = (key: Field) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="grid gap-6">
      <AdminHeader title="Orders" note="Find any order, follow what happened to it and step in when it goes wrong." />
      <form
        role="search"
        aria-label="Search orders"
        onSubmit={search}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <TextField
          label="Order number, phone or e-mail"
          value={draft.q}
          onChange={set('q')}
          placeholder="HN-100001"
          containerClassName="lg:col-span-2"
        />
        <TextField label="Branch" value={draft.branch} onChange={set('branch')} placeholder="Restaurant or location" />
        <SelectField
          label="Status"
          value={draft.status}
          onChange={set('status')}
          options={[
            { value: '', label: 'All statuses' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: CONSOLE_STATUS_LABELS[s] })),
          ]}
        />
        <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
        <TextField label="To" type="date" value={draft.to} onChange={set('to')} />
        <div className="flex items-end gap-2 lg:col-span-6">
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft({ q: '', branch: '', status: '', from: '', to: '' });
              setParams(new URLSearchParams());
            }}
          >
            Clear
          </Button>
          <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
            {list.data ? `${list.data.total} ${list.data.total === 1 ? 'order' : 'orders'}` : ''}
            {list.isFetching && !list.isPending ? ' · updating...' : ''}
          </p>
        </div>
      </form>

      {list.isPending ? (
        <Spinner label="Loading orders" />
      ) : list.isError ? (
        <LoadFailed
          title={ORDER_CONSOLE_MESSAGES.loadFailed}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.orders.length === 0 ? (
        <EmptyState title={ORDER_CONSOLE_MESSAGES.noOrders}>Try fewer filters or another date range.</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border bg-card">
            <table className="w-full min-w-[48rem] text-sm">
              <caption className="sr-only">Orders, newest first</caption>
              <TableHead
                cell="px-3 py-2"
                columns={[
                  'Order',
                  'Placed',
                  'Customer',
                  'Branch',
                  'Status',
                  'Driver',
                  { label: 'Total', align: 'right' },
                ]}
              />
              <tbody>
                {list.data.orders.map((o) => (
                  <tr key={o.id} className="border-b border-border last:border-0">
                    <td className="px-3 py-2">
                      <Link
                        to={`/admin/orders/${o.orderNumber}`}
                        className="font-semibold text-primary underline-offset-2 hover:underline"
                      >
                        {o.orderNumber}
                      </Link>
                      <Badge variant="outline" className="ml-2">
                        {o.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{formatDateTime(o.createdAt)}</td>
                    <td className="px-3 py-2">
                      <span className="block">{o.customerName}</span>
                      <span className="block text-xs text-muted-foreground">
                        {[o.customerPhone && formatPhone(o.customerPhone), o.customerEmail].filter(Boolean).join(' · ')}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {o.restaurantName} <span className="text-muted-foreground">({o.siteName})</span>
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={o.status} />
                    </td>
                    <td className="px-3 py-2">{o.driverName ?? '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatPrice(o.totalMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex items-center justify-between gap-2">
            <Button variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from '../lib/router';
import { type ConsoleOrderResponse, ORDER_CONSOLE_MESSAGES } from '../../domain/contracts/admin/order-console';
import { ACTOR_KIND_LABELS, CONSOLE_STATUS_LABELS, timelineActionLabel } from '../../domain/order-console';
import { topicName } from '../../domain/topics';
import { isNotFound } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatPrice, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { type MapPoint, RouteMap } from '../ui/map/route-map';
import { PageLoading } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';
import { AddNote, AssignDriver, OrderTicketActions, ReasonDialog } from './order-console-actions';
import { StatusBadge } from './order-status-badge';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from './ticket-labels';
import { formatPhone } from '../../domain/phone';

/**
 * /admin/orders/:orderNumber (super_admin, ops_manager, cs_agent): one order with its full timeline,
 * notes, tickets, notifications and map, and the actions the caller's role may take
 * (docs/product/admin.md#order-console). Live: every event on the order's topic refetches it.
 */
export function OrderPage() {
  const { orderNumber = '' } = useParams();
  useDocumentTitle(`Order ${orderNumber}`);
  const query = useQuery({
    queryKey: adminKeys.order(orderNumber),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminOrdersByOrderNumber, { params: { orderNumber }, signal }),
  });
  const id = query.data?.order.id;
  useLiveEvents(id ? [topicName.order(id)] : [], {
    enabled: !!id,
    refetch: [adminKeys.order(orderNumber), adminKeys.orderDrivers(orderNumber)],
    refetchOn: [
      'order.status',
      'order.eta',
      'order.rated',
      'driver.assigned',
      'driver.arrived',
      'driver.position',
      'order.no_driver',
    ],
  });

  const back = (
    <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All orders
    </Link>
  );
  if (query.isPending) return <PageLoading label="Loading order..." />;
  if (query.isError) {
    return (
      <div className="grid gap-4">
        {back}
        {isNotFound(query.error) ? (
          <EmptyState title="Order not found">No order has the number {orderNumber}.</EmptyState>
        ) : (
          <LoadFailed
            title={ORDER_CONSOLE_MESSAGES.orderLoadFailed}
            message={query.error.message}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <OrderDetail page={query.data} />
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

function OrderDetail({ page }: { page: ConsoleOrderResponse }) {
  const { order, actions } = page;
  const [dialog, setDialog] = useState<'cancel' | 'deliver' | 'unassign' | null>(null);
  const moves = actions.cancel || actions.markDelivered || actions.assignDriver || actions.unassignDriver;
  return (
    <>
      <AdminHeader
        title={`Order ${order.orderNumber}`}
        note={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={order.status} />
            <Badge variant="outline">{order.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'}</Badge>
            <span>Placed {formatDateTime(order.createdAt)}</span>
          </span>
        }
        actions={
          <>
            {actions.markDelivered ? <Button onClick={() => setDialog('deliver')}>Mark delivered</Button> : null}
            {actions.cancel ? (
              <Button variant="destructive" onClick={() => setDialog('cancel')}>
                Cancel order
              </Button>
            ) : null}
          </>
        }
      />
      {!moves && actions.addNote && !['DELIVERED', 'COLLECTED', 'REJECTED', 'CANCELLED'].includes(order.status) ? (
        <p className="text-sm text-muted-foreground">{ORDER_CONSOLE_MESSAGES.readOnly}</p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Order">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Customer</dt>
            <dd>
              {order.customerName} · {formatPhone(order.customerPhone)}
              {order.customerEmail ? ` · ${order.customerEmail}` : ''}
            </dd>
            <dt className="text-muted-foreground">Branch</dt>
            <dd>
              {order.restaurantName} ({order.siteName})
            </dd>
            {order.deliveryAddress ? (
              <>
                <dt className="text-muted-foreground">Deliver to</dt>
                <dd>
                  {order.deliveryAddress}, {order.deliveryPostcode}
                  {order.deliveryInstructions ? ` (${order.deliveryInstructions})` : ''}
                </dd>
              </>
            ) : null}
            {order.cancelReason || order.rejectionReason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd>
                  {order.cancelReason ?? order.rejectionReason}
                  {order.cancelledBy ? ` (cancelled by ${ACTOR_KIND_LABELS[order.cancelledBy].toLowerCase()})` : ''}
                </dd>
              </>
            ) : null}
          </dl>
          <ul className="grid gap-1 border-t border-border pt-2 text-sm">
            {order.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-2">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span className="tabular-nums">{formatPrice(item.lineTotalMinor)}</span>
              </li>
            ))}
            <li className="flex justify-between gap-2 text-muted-foreground">
              <span>Delivery fee</span>
              <span className="tabular-nums">{formatPrice(order.deliveryFeeMinor)}</span>
            </li>
            {order.tipMinor ? (
              <li className="flex justify-between gap-2 text-muted-foreground">
                <span>Tip</span>
                <span className="tabular-nums">{formatPrice(order.tipMinor)}</span>
              </li>
            ) : null}
            <li className="flex justify-between gap-2 font-semibold">
              <span>Total (cash)</span>
              <span className="tabular-nums">{formatPrice(order.totalMinor)}</span>
            </li>
          </ul>
        </Section>

        <DriverSection page={page} onUnassign={() => setDialog('unassign')} />

        <Section title="Timeline">
          <ol className="grid gap-2 text-sm" aria-label="Every move of the order">
            {page.timeline.map((e, i) => (
              <li key={i} className="grid grid-cols-[4.5rem_1fr] gap-2">
                <time dateTime={e.at} className="tabular-nums text-muted-foreground" title={formatDateTime(e.at)}>
                  {formatTime(e.at)}
                </time>
                <span>
                  <span className="font-medium">{timelineActionLabel(e.action, e.status)}</span>
                  {' → '}
                  {CONSOLE_STATUS_LABELS[e.status]}
                  <span className="block text-xs text-muted-foreground">
                    {e.actorKind ? ACTOR_KIND_LABELS[e.actorKind] : 'Unknown'}
                    {e.actorName ? `: ${e.actorName}` : ''} · {formatDateTime(e.at)}
                    {e.note ? ` · ${e.note}` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </Section>

        <Section title="Internal notes">
          {page.notes.length ? (
            <ul className="grid gap-2 text-sm">
              {page.notes.map((n) => (
                <li key={n.id} className="rounded-md bg-muted px-3 py-2">
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="text-xs text-muted-foreground">
                    {n.authorName} · {formatDateTime(n.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No notes yet.</p>
          )}
          {actions.addNote ? <AddNote orderNumber={order.orderNumber} /> : null}
        </Section>

        <Section title="Tickets">
          {page.tickets.length ? (
            <ul className="grid gap-1 text-sm">
              {page.tickets.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/tickets?ticket=${t.id}`}
                    className="font-semibold text-primary underline-offset-2 hover:underline"
                  >
                    {t.ticketNumber}
                  </Link>
                  <span>{t.subject}</span>
                  <Badge variant="outline">{TICKET_STATUS_LABELS[t.status]}</Badge>
                  <Badge variant="secondary">{TICKET_PRIORITY_LABELS[t.priority]}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No tickets for this order.</p>
          )}
          {actions.tickets ? <OrderTicketActions orderNumber={order.orderNumber} /> : null}
        </Section>

        <Section title="Notifications sent">
          {page.notifications.length ? (
            <ul className="grid gap-1 text-sm">
              {page.notifications.map((n) => (
                <li key={n.id}>
                  {formatDateTime(n.at)} · {n.channel} to {n.recipient}: {n.subject} ({n.status})
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{ORDER_CONSOLE_MESSAGES.notificationsPending}</p>
          )}
        </Section>
      </div>
      <ReasonDialog kind={dialog} orderNumber={order.orderNumber} onClose={() => setDialog(null)} />
    </>
  );
}

function DriverSection({ page, onUnassign }: { page: ConsoleOrderResponse; onUnassign: () => void }) {
  const { order, driver, job, map, actions } = page;
  if (order.orderType !== 'DELIVERY') {
    return (
      <Section title="Driver">
        <p className="text-sm text-muted-foreground">A pickup order: no driver.</p>
      </Section>
    );
  }
  const points: MapPoint[] = [
    { kind: 'restaurant', label: 'Restaurant', detail: order.siteName, position: map.pickup },
    {
      kind: 'delivery',
      label: 'Delivery address',
      detail: [order.deliveryAddress, order.deliveryPostcode].filter(Boolean).join(', '),
      position: map.dropoff,
    },
    ...(map.driver
      ? [
          {
            kind: 'driver' as const,
            label: driver?.name ?? 'Driver',
            detail: `updated ${formatTime(map.driver.at)}`,
            position: map.driver,
          },
        ]
      : []),
  ];
  return (
    <Section title="Driver">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="order-driver">
        {driver ? (
          <span>
            <span className="font-medium">{driver.name}</span>
            {driver.phone ? ` · ${formatPhone(driver.phone)}` : ''}
            {driver.vehicleType ? ` · ${driver.vehicleType}` : ''}
          </span>
        ) : (
          <span className="text-muted-foreground">
            {job?.status === 'available' ? `No driver yet: the job is on the ${job.pickupArea} board.` : 'No driver.'}
          </span>
        )}
        {actions.unassignDriver ? (
          <Button variant="outline" onClick={onUnassign}>
            Unassign driver
          </Button>
        ) : null}
      </div>
      {actions.assignDriver ? <AssignDriver orderNumber={order.orderNumber} reassign={!!driver} /> : null}
      <RouteMap title={`Map of order ${order.orderNumber}`} points={points} />
      {job && ['assigned', 'picked_up'].includes(job.status) && !map.driver ? (
        <p className="text-sm text-muted-foreground">The driver is not sharing their location.</p>
      ) : null}
    </Section>
  );
}

import Bike from 'lucide-react/icons/bike';
import Flag from 'lucide-react/icons/flag';
import KeyRound from 'lucide-react/icons/key-round';
import MapIcon from 'lucide-react/icons/map';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import ReceiptText from 'lucide-react/icons/receipt-text';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Star from 'lucide-react/icons/star';
import Store from 'lucide-react/icons/store';
import User from 'lucide-react/icons/user';
import XCircle from 'lucide-react/icons/circle-x';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import type { OrderView } from '../../domain/contracts/orders/order-view';
import { LATE_MESSAGE } from '../../domain/eta';
import { orderPageLabel } from '../../domain/order-status-labels';
import { topicName } from '../../domain/topics';
import { isClientError } from '../lib/api';
import { cn } from '../lib/cn';
import { formatDateTime, formatDeliveryFee, formatPrice, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live';
import { useMe } from '../lib/me';
import { orderTokenFor, saveOrderToken } from '../lib/order-tokens';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { type MapPoint, RouteMap } from '../ui/map/route-map';
import { EmptyState } from '../ui/empty-state';
import { PageLoading, Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { EtaCard } from './eta-card';
import { ScheduledCard } from './scheduled-card';
import { OrderProgress } from './order-progress';
import { PushOptIn } from '../ui/push-opt-in';
import { orderQueryKey, useOrder } from './order-query';
import { RateOrderDialog } from './rate-order-dialog';
import { HalalConcernButton } from './halal-concern-dialog';
import { ReportIssueDialog } from './report-issue-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { NoDriverCard } from './no-driver-card';
import { Stars } from './stars';
import { useReorder } from './use-reorder';
import { optionsText } from '../../domain/menu-options';
import { COMPANY_TEXTS } from '../../domain/company-details';
import { usePlatformInfo } from '../lib/platform-info';
import { formatPhone } from '../../domain/phone';

const FINISHED = ['DELIVERED', 'COLLECTED', 'REJECTED', 'CANCELLED'];
/** After acceptance and before the food leaves, the customer may ask support to cancel (docs/decisions/0125). */
const ASK_TO_CANCEL = ['ACCEPTED', 'DRIVER_ASSIGNED', 'PREPARING', 'READY'];
const CANCELLED_BY: Record<string, string> = {
  customer: 'You cancelled this order',
  partner: 'The restaurant cancelled this order',
  ops: 'Our support team cancelled this order',
  system: 'This order was cancelled',
};
const DRIVER_VISIBLE = ['DRIVER_ASSIGNED', 'PREPARING', 'READY', 'OUT_FOR_DELIVERY'];

function Panel({
  title,
  icon,
  children,
  className,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('grid gap-3 rounded-lg border border-border bg-card p-5 shadow-sm', className)}>
      <h2 className="flex items-center gap-2 text-base font-semibold [&_svg]:size-5 [&_svg]:text-primary">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function DriverCard({ driver, status }: { driver: NonNullable<OrderView['driver']>; status: string }) {
  const name = [driver.firstName, driver.lastName].filter(Boolean).join(' ') || 'Your driver';
  return (
    <Panel
      title={status === 'OUT_FOR_DELIVERY' ? 'Your driver is on the way' : 'Your driver'}
      icon={<Bike aria-hidden="true" />}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full bg-primary-soft font-semibold text-primary"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-semibold">{name}</p>
            {driver.vehicleType ? (
              <p className="text-sm capitalize text-muted-foreground">{driver.vehicleType}</p>
            ) : null}
          </div>
        </div>
        {driver.phone ? (
          <a
            href={`tel:${driver.phone.replace(/\s+/g, '')}`}
            className={buttonClasses({ variant: 'outline' })}
            aria-label={`Call ${name}`}
          >
            <Phone aria-hidden="true" />
            Call
          </a>
        ) : null}
      </div>
    </Panel>
  );
}

const point = (lat: number | null | undefined, lng: number | null | undefined) =>
  lat != null && lng != null ? { lat, lng } : null;

/** The tracking map: the restaurant, the delivery address and, while out for delivery, the driver's shared position. */
function OrderMap({ order }: { order: OrderView }) {
  const site = order.site;
  const siteAddress = `${site.name}, ${site.address}${site.postcode && !site.address.includes(site.postcode) ? ` ${site.postcode}` : ''}`;
  const points: MapPoint[] = [
    { kind: 'restaurant', label: 'Restaurant', detail: siteAddress, position: point(site.lat, site.lng) },
  ];
  if (order.driverLocation) {
    points.push({
      kind: 'driver',
      label: 'Driver',
      detail: `Last seen at ${formatTime(order.driverLocation.at)}`,
      position: order.driverLocation,
    });
  }
  if (order.delivery) {
    const address = [order.delivery.address, order.delivery.postcode].filter(Boolean).join(', ');
    points.push({
      kind: 'delivery',
      label: 'Delivery address',
      detail: address || 'Your address',
      position: point(order.delivery.lat, order.delivery.lng),
    });
  }
  const title =
    order.orderType === 'DELIVERY'
      ? `Map of order ${order.orderNumber}`
      : `Map of where to collect order ${order.orderNumber}`;
  return (
    <Panel title="Map" icon={<MapIcon aria-hidden="true" />}>
      <RouteMap title={title} points={points} />
      {order.status === 'OUT_FOR_DELIVERY' && !order.driverLocation ? (
        <p className="text-sm text-muted-foreground">
          Your driver is not sharing their location, so only the addresses are shown.
        </p>
      ) : null}
    </Panel>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const reorder = useReorder();
  const platform = usePlatformInfo().data;
  const [reporting, setReporting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // In the no-driver state the customer may cancel outright (docs/product/orders.md#no-driver-found).
  const cancelMode =
    order.status === 'PENDING' || order.noDriverFound ? 'cancel' : ASK_TO_CANCEL.includes(order.status) ? 'ask' : null;
  const [rating, setRating] = useState(false);
  const label = orderPageLabel(order.status, order.orderType);
  const wasLate = useRef(order.eta?.isLate ?? false);
  useDocumentTitle(`Order ${order.orderNumber} - ${label}`);

  useLiveEvents([topicName.order(order.id)], {
    refetch: [orderQueryKey(order.orderNumber)],
    refetchOn: [
      'order.status',
      'order.eta',
      'order.rated',
      'driver.position',
      'order.no_driver',
      'driver.assigned',
      'driver.arrived',
    ],
    on: {
      'order.eta': (data) => {
        if (data.isLate && !wasLate.current)
          toast.warning(LATE_MESSAGE.title, { description: LATE_MESSAGE.body, duration: 10_000 });
        if (data.isLate) wasLate.current = true;
      },
    },
    orderToken: orderTokenFor(order.orderNumber),
  });

  const active = !FINISHED.includes(order.status);
  const isDelivery = order.orderType === 'DELIVERY';
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Order #{order.orderNumber}</h1>
          <span
            role="status"
            className={cn(
              'rounded-full px-3 py-1 text-sm font-semibold',
              order.status === 'REJECTED' || order.status === 'CANCELLED'
                ? 'bg-destructive-soft text-destructive'
                : 'bg-primary-soft text-primary',
            )}
          >
            {label}
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>Restaurant:</dt>
            <dd>
              <Link
                to={`/restaurant/${order.site.slug}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {order.site.name}
              </Link>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Type:</dt>
            <dd className="font-medium text-foreground">{isDelivery ? 'Delivery' : 'Pickup'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Total:</dt>
            <dd className="font-medium text-foreground">{formatPrice(order.totalMinor)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Placed:</dt>
            <dd className="font-medium text-foreground">
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </header>

      {order.status === 'REJECTED' ? (
        <Alert variant="destructive">
          <p className="font-semibold">Order Rejected</p>
          <p>
            {order.site.name} could not take this order{order.rejectionReason ? `: ${order.rejectionReason}` : '.'} You
            have not been charged.
          </p>
        </Alert>
      ) : null}
      {order.status === 'CANCELLED' ? (
        <Alert variant="destructive">
          <p className="font-semibold">Order Cancelled</p>
          <p>
            {CANCELLED_BY[order.cancellation?.by ?? 'system']}
            {order.cancellation?.reason ? `: ${order.cancellation.reason}` : '.'} You have not been charged.
          </p>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid grid-cols-1 gap-6">
          {order.noDriverFound ? <NoDriverCard order={order} onCancel={() => setCancelling(true)} /> : null}
          {order.scheduled && active ? <ScheduledCard scheduled={order.scheduled} /> : null}
          {active && order.eta && !order.scheduled?.waiting ? (
            <EtaCard eta={order.eta} orderType={order.orderType} />
          ) : null}
          {order.status !== 'REJECTED' && order.status !== 'CANCELLED' ? (
            <Panel title="Order progress" icon={<ReceiptText aria-hidden="true" />}>
              <OrderProgress
                status={order.status}
                orderType={order.orderType}
                driver={order.driver ? 'assigned' : order.findingNewDriver ? 'finding_new' : 'none'}
              />
              {order.driverArrivedAt ? (
                // Only once the driver has said so on their phone (docs/product/orders.md#labels).
                <Alert className="mt-4" variant="success">
                  <p className="font-semibold">Your driver has arrived</p>
                  <p>
                    Your driver reached your door at {formatTime(order.driverArrivedAt)}. Have your delivery code ready.
                  </p>
                </Alert>
              ) : null}
            </Panel>
          ) : null}
          {active && signedIn ? (
            <PushOptIn
              title="Updates on this device"
              description="We will tell you when the restaurant accepts your order, when it is on its way and when it arrives, even with this page closed."
            />
          ) : null}
          {order.driver && DRIVER_VISIBLE.includes(order.status) ? (
            <DriverCard driver={order.driver} status={order.status} />
          ) : null}
          {order.status !== 'REJECTED' && order.status !== 'CANCELLED' ? <OrderMap order={order} /> : null}
          {order.deliveryCode ? (
            <Panel
              title="Delivery code"
              icon={<KeyRound aria-hidden="true" />}
              className="border-primary bg-primary-soft"
            >
              <p className="text-sm">Give this code to your driver when your order arrives.</p>
              <p
                className="font-mono text-4xl font-bold tracking-[0.4em] text-primary"
                aria-label={`Delivery code ${order.deliveryCode.split('').join(' ')}`}
              >
                {order.deliveryCode}
              </p>
            </Panel>
          ) : null}
          <Panel title="Your items" icon={<ShoppingCart aria-hidden="true" />}>
            <ul className="grid gap-2 text-sm">
              {order.items.map((item, i) => (
                <li key={`${item.menuItemId ?? item.name}-${i}`} className="flex justify-between gap-3">
                  <span>
                    <span className="font-medium">{item.quantity}x</span> {item.name}
                    {item.options.length ? (
                      <span className="block text-xs text-muted-foreground">
                        {optionsText(item.options, formatPrice)}
                      </span>
                    ) : null}
                  </span>
                  <span className="tabular-nums">{formatPrice(item.lineTotalMinor)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid gap-1.5 border-t border-border pt-3 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatPrice(order.subtotalMinor)}</dd>
              </div>
              {isDelivery ? (
                <div className="flex justify-between">
                  <dt>Delivery fee</dt>
                  <dd className="tabular-nums">{formatDeliveryFee(order.deliveryFeeMinor)}</dd>
                </div>
              ) : null}
              {order.serviceFeeMinor > 0 ? (
                <div className="flex justify-between">
                  <dt>Service fee</dt>
                  <dd className="tabular-nums">{formatPrice(order.serviceFeeMinor)}</dd>
                </div>
              ) : null}
              {order.offer ? (
                <div className="flex justify-between">
                  <dt>Offer: {order.offer.label}</dt>
                  <dd className="tabular-nums">
                    −{formatPrice(order.offer.discountMinor + order.offer.deliveryDiscountMinor)}
                  </dd>
                </div>
              ) : null}
              {order.voucherDiscountMinor > 0 ? (
                <div className="flex justify-between text-primary">
                  <dt>Voucher {order.voucherCode}</dt>
                  <dd className="tabular-nums" data-testid="order-voucher">
                    -{formatPrice(order.voucherDiscountMinor)}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between font-semibold">
                <dt>Total (cash)</dt>
                <dd className="tabular-nums">{formatPrice(order.totalMinor)}</dd>
              </div>
              {order.tipMinor > 0 ? (
                <div className="flex justify-between text-muted-foreground">
                  <dt>Tip for your driver</dt>
                  <dd className="tabular-nums">{formatPrice(order.tipMinor)}</dd>
                </div>
              ) : null}
            </dl>
          </Panel>
        </div>

        <div className="grid grid-cols-1 gap-6">
          {order.contact ? (
            <Panel title="Contact" icon={<User aria-hidden="true" />}>
              <p className="text-sm">
                <span className="font-medium">{order.contact.name}</span>
                <br />
                <span className="text-muted-foreground">{formatPhone(order.contact.phone)}</span>
              </p>
            </Panel>
          ) : null}
          {isDelivery && !order.delivery ? null : isDelivery ? (
            <Panel title="Delivery address" icon={<MapPin aria-hidden="true" />}>
              <p className="text-sm">
                {order.delivery?.address}
                {order.delivery?.postcode ? (
                  <>
                    <br />
                    {order.delivery.postcode}
                  </>
                ) : null}
              </p>
              {order.delivery?.instructions ? (
                <p className="text-sm text-muted-foreground">Instructions: {order.delivery.instructions}</p>
              ) : null}
            </Panel>
          ) : (
            <Panel title="Pickup from" icon={<Store aria-hidden="true" />}>
              <p className="text-sm">
                {order.site.name}
                <br />
                {order.site.address}
                {order.site.postcode && !order.site.address.includes(order.site.postcode)
                  ? ` ${order.site.postcode}`
                  : ''}
              </p>
            </Panel>
          )}
          {order.site.phone ? (
            <p className="text-sm text-muted-foreground">
              Questions about your food? Call {order.site.name} on{' '}
              <a
                href={`tel:${order.site.phone.replace(/\s+/g, '')}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {formatPhone(order.site.phone)}
              </a>
              .
            </p>
          ) : null}
          {order.rating ? (
            <Panel title="Your rating" icon={<Star aria-hidden="true" />}>
              <Stars rating={order.rating.rating} />
              {order.rating.comment ? <p className="text-sm">{order.rating.comment}</p> : null}
            </Panel>
          ) : null}

          <div className="grid gap-2">
            {order.canRate ? (
              <Button size="lg" onClick={() => setRating(true)}>
                <Star aria-hidden="true" />
                Rate &amp; Tip
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => reorder.reorder(order.orderNumber)} disabled={reorder.busy}>
              {reorder.busy ? <Spinner className="size-4" /> : <RotateCcw aria-hidden="true" />}
              Order Again
            </Button>
            <Link to="/cart" className={buttonClasses({ variant: 'outline' })}>
              <ShoppingCart aria-hidden="true" />
              View Cart
            </Link>
            <HalalConcernButton
              slug={order.site.slug}
              orderNumber={order.orderNumber}
              orderToken={orderTokenFor(order.orderNumber)}
            />
            {signedIn ? (
              <Link to="/account" className={buttonClasses({ variant: 'outline' })}>
                <User aria-hidden="true" />
                My Account
              </Link>
            ) : null}
            {cancelMode && !order.noDriverFound ? (
              <Button variant={cancelMode === 'cancel' ? 'destructive' : 'outline'} onClick={() => setCancelling(true)}>
                <XCircle aria-hidden="true" />
                {cancelMode === 'cancel' ? 'Cancel order' : 'Ask to cancel'}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              Report an Issue
            </Button>
            {platform ? (
              // The support phone of the platform settings (docs/product/customer.md#order-tracking).
              <p className="text-center text-sm text-muted-foreground">
                {COMPANY_TEXTS.orderPageHelp}{' '}
                <a
                  href={`tel:${platform.supportPhone.replace(/[^+0-9]/g, '')}`}
                  className="font-medium text-foreground underline underline-offset-4"
                >
                  {platform.supportPhone}
                </a>
              </p>
            ) : null}
          </div>
        </div>
      </div>

      {reorder.dialog}
      <ReportIssueDialog open={reporting} onClose={() => setReporting(false)} orderNumber={order.orderNumber} />
      {cancelMode ? (
        <CancelOrderDialog
          open={cancelling}
          onClose={() => setCancelling(false)}
          orderNumber={order.orderNumber}
          mode={cancelMode}
          noDriver={order.noDriverFound}
        />
      ) : null}
      {order.canRate ? (
        <RateOrderDialog
          open={rating}
          onClose={() => setRating(false)}
          orderNumber={order.orderNumber}
          orderType={order.orderType}
        />
      ) : null}
    </div>
  );
}

function OrderNotFound() {
  useDocumentTitle('Order not found');
  return (
    <EmptyState
      icon={<ReceiptText aria-hidden="true" />}
      title="Order not found"
      headingLevel={1}
      action={
        <Link to="/" className={buttonClasses()}>
          Back to Home
        </Link>
      }
    >
      We couldn't find this order. If you placed it while signed in, sign in to see it; otherwise open it in the browser
      you ordered from.
    </EmptyState>
  );
}

/** /order/{number}: the order followed live over /api/events (order.status, order.eta): no polling. */
export function OrderPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // A visitor's e-mailed tracking link carries the order token (docs/product/orders.md#notifications):
  // kept like the placing browser keeps it, before the order is asked for, then taken off the address.
  const linkToken = params.get('token');
  if (linkToken && orderTokenFor(id) !== linkToken) saveOrderToken(id, linkToken);
  useEffect(() => {
    if (linkToken) setParams({}, { replace: true });
  }, [linkToken, setParams]);
  const order = useOrder(id);
  // 404 (unknown, or not this browser's or account's order) and any other refusal read "Order not found".
  const failed = order.isError && !isClientError(order.error);
  useEffect(() => {
    if (failed) toast.error('Error', { description: 'Failed to load order details' });
  }, [failed]);

  if (order.data) return <OrderDetails order={order.data.order} />;
  if (order.isError && !failed) return <OrderNotFound />;
  if (order.isError) {
    return (
      <LoadFailed
        inline
        title={<>Failed to load order details. {order.error.message}</>}
        onRetry={() => void order.refetch()}
      />
    );
  }
  return <PageLoading label="Loading your order..." />;
}

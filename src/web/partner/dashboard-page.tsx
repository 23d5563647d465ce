import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Store from 'lucide-react/icons/store';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { Link } from '../lib/router';
import { halalStatusLabel } from '../../domain/halal';
import { isPaused } from '../../domain/branch-settings';
import { canManageBrand } from '../../domain/partner-access';
import { topicName } from '../../domain/topics';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatPrice, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PageLoading, Spinner } from '../ui/spinner';
import { EmptyState } from '../ui/empty-state';
import { OrderStatusBadge } from './order-status-badge';
import { partnerKeys } from './partner-api';
import { LoadFailed } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';

/** /partner and /partner/dashboard: recent orders, pending and in-progress counts, every location; all live. */
export function PartnerDashboardPage() {
  useDocumentTitle('Partner Dashboard');
  const selection = usePartnerSelection();
  const dashboard = useQuery({
    queryKey: partnerKeys.dashboard(null),
    queryFn: ({ signal }) => call(endpoints.partner.getPartnerDashboard, { signal }),
  });
  const siteIds = selection.brands.flatMap((b) => b.sites.map((s) => s.id));
  useLiveEvents(siteIds.map(topicName.site), {
    refetch: [['partner', 'dashboard']],
    refetchOn: ['order.created', 'order.status', 'driver.arrived', 'site.updated', 'site.deleted', 'halal.status'],
  });

  if (selection.isPending) return <PageLoading label="Loading your restaurants..." />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Partner Dashboard</h1>
        <p className="text-muted-foreground">Today's orders and your locations at a glance.</p>
      </div>
      <Link to="/partner/create-brand" className={buttonClasses({ variant: 'outline' })}>
        <Plus aria-hidden="true" />
        Create Brand
      </Link>
    </div>
  );

  if (!selection.brands.length) {
    return (
      <div className="grid gap-6">
        {header}
        <EmptyState
          icon={<Store aria-hidden="true" />}
          title="Create your first brand"
          action={
            <Link to="/partner/create-brand" className={buttonClasses()}>
              Create Brand
            </Link>
          }
        >
          A brand is your restaurant company. Once it exists, add its locations and build its menu.
        </EmptyState>
      </div>
    );
  }

  const d = dashboard.data;
  return (
    <div className="grid gap-6">
      {header}
      <section aria-label="Order counts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Pending orders" value={d?.pendingCount} icon={<Clock aria-hidden="true" />} />
        <Stat label="In progress" value={d?.inProgressCount} icon={<ClipboardList aria-hidden="true" />} />
        <Stat label="Missed orders (7 days)" value={d?.missedCount} icon={<AlertTriangle aria-hidden="true" />} />
        <Stat label="Locations" value={siteIds.length} icon={<MapPin aria-hidden="true" />} />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Recent orders</CardTitle>
        </CardHeader>
        <CardContent>
          {dashboard.isPending ? (
            <Spinner label="Loading orders" />
          ) : dashboard.isError ? (
            <LoadFailed
              title="Could not load orders"
              message={dashboard.error.message}
              onRetry={() => void dashboard.refetch()}
            />
          ) : d!.recentOrders.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No orders yet. New orders appear here the moment they are placed.
            </p>
          ) : (
            <ul className="divide-y divide-border" aria-live="polite">
              {d!.recentOrders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="grid gap-0.5">
                    <Link to={`/partner/orders?site=${o.siteId}`} className="font-semibold hover:underline">
                      {o.orderNumber}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {o.siteName} · {o.customerName} · {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'} ·{' '}
                      {o.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'}
                    </p>
                  </div>
                  <div className="flex items-center gap-3 text-sm">
                    <span className="text-muted-foreground">{formatTime(o.createdAt)}</span>
                    <span className="font-semibold">{formatPrice(o.totalMinor)}</span>
                    <OrderStatusBadge status={o.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {selection.brands.map((brand) => (
        <section key={brand.id} aria-labelledby={`brand-${brand.id}`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`brand-${brand.id}`} className="flex items-center gap-2 text-xl font-semibold">
              {brand.logoUrl ? <img src={brand.logoUrl} alt="" className="size-8 rounded object-cover" /> : null}
              {brand.name}
              <Badge variant="outline">
                {brand.role === 'site_manager' ? 'Site manager' : brand.role === 'admin' ? 'Admin' : 'Owner'}
              </Badge>
            </h2>
            {canManageBrand(brand.role) ? (
              <div className="flex gap-2">
                <Link
                  to={`/partner/create-brand?edit=${brand.id}`}
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                >
                  <Pencil aria-hidden="true" />
                  Edit brand
                </Link>
                <Link to={`/partner/create-site?brand=${brand.id}`} className={buttonClasses({ size: 'sm' })}>
                  <Plus aria-hidden="true" />
                  Add Location
                </Link>
              </div>
            ) : null}
          </div>
          {brand.sites.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
              No locations yet. Add one to start taking orders.
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {brand.sites.map((s) => (
                <li key={s.id}>
                  <Card className="h-full">
                    <CardHeader>
                      <CardTitle as="h3">{s.name}</CardTitle>
                      <p className="text-sm text-muted-foreground">
                        {s.address}, {s.city}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        {isPaused(s.pausedUntil, new Date()) ? (
                          <Badge variant="warning">Paused</Badge>
                        ) : s.isOpen ? (
                          <Badge variant="secondary">Open</Badge>
                        ) : (
                          <Badge variant="destructive">Closed</Badge>
                        )}
                        <Badge variant="outline">{halalStatusLabel(s.halalStatus)}</Badge>
                      </div>
                    </CardHeader>
                    <CardContent className="flex flex-wrap gap-2">
                      <Link
                        to={`/partner/location/${s.id}`}
                        className={buttonClasses({ variant: 'outline', size: 'sm' })}
                        aria-label={`Edit ${s.name}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Link>
                      <Link
                        to={`/partner/menu?site=${s.id}`}
                        className={buttonClasses({ variant: 'outline', size: 'sm' })}
                        aria-label={`Menu of ${s.name}`}
                      >
                        <UtensilsCrossed aria-hidden="true" />
                        Menu
                      </Link>
                      <Link
                        to={`/partner/orders?site=${s.id}`}
                        className={buttonClasses({ variant: 'outline', size: 'sm' })}
                        aria-label={`Orders of ${s.name}`}
                      >
                        <ClipboardList aria-hidden="true" />
                        Orders
                      </Link>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function Stat({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="grid size-11 place-items-center rounded-full bg-primary-soft text-primary [&_svg]:size-5">
          {icon}
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" aria-live="polite">
            {value ?? '–'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

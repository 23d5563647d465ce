import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../lib/toast';
import type { RestaurantDetail } from '../../domain/contracts/admin/restaurants-endpoints';
import {
  REVIEW_REFUSALS,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  type ReviewAction,
  reviewMove,
} from '../../domain/restaurant-review';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatDeliveryFee, formatKm, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed } from '../ui/load-failed';
import { SelectField } from '../ui/select-field';
import { PageLoading, Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';

type Filter = (typeof REVIEW_STATUSES)[number] | 'all';
const KEY = ['admin', 'restaurants'] as const;

const ACTION_LABELS: Record<Exclude<ReviewAction, 'submit'>, string> = {
  approve: 'Approve',
  request_changes: 'Request changes',
  suspend: 'Suspend location',
  reinstate: 'Reinstate location',
};

function Detail({ siteId }: { siteId: string }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const detail = useQuery({
    queryKey: [...KEY, siteId],
    queryFn: ({ signal }) =>
      call(endpoints.admin.getAdminRestaurantsBySiteId, { params: { siteId }, signal }).then((r) => r.restaurant),
  });
  const done = (text: string) => {
    toast.success(text);
    setMessage('');
    void queryClient.invalidateQueries({ queryKey: KEY });
  };
  const fail = (error: Error) => toast.error('Could not save', { description: error.message });
  const site = useMutation({
    mutationFn: (action: Exclude<ReviewAction, 'submit'>) =>
      call(endpoints.admin.postAdminRestaurantsBySiteIdReview, {
        params: { siteId },
        body: message.trim() ? { action, message: message.trim() } : { action },
      }),
    onSuccess: (_, action) => done(`${ACTION_LABELS[action]}: done`),
    onError: fail,
  });
  const brand = useMutation({
    mutationFn: (r: RestaurantDetail) =>
      call(endpoints.admin.postAdminBrandsByBrandIdReview, {
        params: { brandId: r.brandId },
        body: r.brandSuspended ? { action: 'reinstate' } : { action: 'suspend', message: message.trim() },
      }),
    onSuccess: () => done('Brand updated'),
    onError: fail,
  });
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return <LoadFailed title="Could not load the location" retryLabel="Retry" onRetry={() => void detail.refetch()} />;
  const r = detail.data;
  const actions = (['approve', 'request_changes', 'suspend', 'reinstate'] as const).filter(
    (a) => reviewMove(r.reviewStatus, a) !== null,
  );
  const busy = site.isPending || brand.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {r.brandName} ({r.siteName})
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          <Badge>{REVIEW_STATUS_LABELS[r.reviewStatus]}</Badge>{' '}
          {r.brandSuspended ? <Badge>Brand suspended</Badge> : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Address</dt>
          <dd>
            {r.address}, {r.city} {r.postcode ?? ''}
          </dd>
          <dt className="text-muted-foreground">Owners</dt>
          <dd>{r.owners.map((o) => `${o.name ?? ''} <${o.email}>`).join(', ')}</dd>
          <dt className="text-muted-foreground">Delivery</dt>
          <dd>
            {formatDeliveryFee(r.deliveryFeeMinor)} within {formatKm(r.deliveryRadiusKm)}, minimum{' '}
            {formatPrice(r.minOrderMinor)}
          </dd>
          <dt className="text-muted-foreground">Halal status</dt>
          <dd>{r.halalStatus}</dd>
          {r.submittedAt ? (
            <>
              <dt className="text-muted-foreground">Submitted</dt>
              <dd>{formatDateTime(r.submittedAt)}</dd>
            </>
          ) : null}
          {r.reviewMessage ? (
            <>
              <dt className="text-muted-foreground">Last message</dt>
              <dd>{r.reviewMessage}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <h3 className="font-semibold">Menu</h3>
          {r.menu.length ? (
            <ul className="list-disc pl-5">
              {r.menu.map((m, i) => (
                <li key={i}>
                  {m.section ? `${m.section}: ` : ''}
                  {m.name} {formatPrice(m.priceMinor)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No menu items yet.</p>
          )}
        </div>
        <TextareaField
          label="Message to the partner"
          hint="Needed to request changes or to suspend."
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={1000}
        />
        {r.reviewStatus === 'changes_requested' ? (
          <p className="text-muted-foreground" role="note">
            {REVIEW_REFUSALS.approveWhileChangesRequested}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'approve' || a === 'reinstate' ? 'default' : 'outline'}
              disabled={busy}
              onClick={() => site.mutate(a)}
            >
              {site.isPending && site.variables === a ? <Spinner className="size-4" /> : null}
              {ACTION_LABELS[a]}
            </Button>
          ))}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => brand.mutate(r)}>
            {r.brandSuspended ? 'Reinstate brand' : 'Suspend brand'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** /admin/restaurants: the review queue, a location's detail and the decisions (docs/product/admin.md#restaurants). */
export function RestaurantsPage() {
  useDocumentTitle('Restaurants');
  const [status, setStatus] = useState<Filter>('submitted');
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...KEY, 'list', status],
    queryFn: ({ signal }) =>
      call(endpoints.admin.getAdminRestaurants, { query: { status }, signal }).then((r) => r.restaurants),
  });
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Restaurants</h1>
      <div className="max-w-xs">
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Filter);
            setSelected(null);
          }}
          options={[
            ...REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_STATUS_LABELS[s] })),
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          {list.isPending ? (
            <PageLoading />
          ) : list.isError ? (
            <LoadFailed title="Could not load restaurants" retryLabel="Retry" onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState title="No restaurants here" />
          ) : (
            <ul className="grid gap-2">
              {list.data.map((r) => (
                <li key={r.siteId}>
                  <button
                    type="button"
                    aria-pressed={selected === r.siteId}
                    onClick={() => setSelected(r.siteId)}
                    className="grid w-full gap-1 rounded-md border border-border bg-card p-3 text-left hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="font-medium">
                      {r.brandName} ({r.siteName})
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {r.city} · {REVIEW_STATUS_LABELS[r.reviewStatus]}
                      {r.submittedAt ? ` · submitted ${formatDateTime(r.submittedAt)}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selected ? <Detail siteId={selected} /> : null}
      </div>
    </div>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import { useState } from 'react';
import type { PartnerOffer } from '../../domain/contracts/offers/endpoints';
import { londonDate } from '../../domain/halal-facts';
import { OFFER_KIND_LABELS, OFFER_STATUS_LABELS, type OfferStatus, offerStatus } from '../../domain/offers';
import { canManageBrand } from '../../domain/partner-access';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatDate } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { PageLoading } from '../ui/spinner';
import { OfferDialog } from './offer-form';
import { messageOf } from './partner-api';
import { LoadFailed } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';

const STATUSES: readonly OfferStatus[] = ['active', 'scheduled', 'ended'];
const offersKey = (brandId: string) => ['partner', 'offers', brandId] as const;
const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** When an offer runs, in words: "From 1 Mar 2026 to 31 Mar 2026 · Fri, Sat · 17:00 to 22:00". */
function whenText(o: PartnerOffer): string {
  const dates = o.endsOn ? `${day(o.startsOn)} to ${day(o.endsOn)}` : `From ${day(o.startsOn)}`;
  const days = o.days.length ? o.days.map((d) => cap(d).slice(0, 3)).join(', ') : 'Every day';
  const hours = o.from && o.until ? `${o.from} to ${o.until}` : 'All day';
  return `${dates} · ${days} · ${hours}`;
}

/**
 * /partner/offers: the selected brand's offers, active, scheduled and ended; its owner or admin
 * creates, changes and ends them (docs/product/partner.md#offers). A site manager sees them only.
 */
export function OffersPage() {
  useDocumentTitle('Offers');
  const selection = usePartnerSelection();
  const brand = selection.brand;
  const queryClient = useQueryClient();
  const offers = useQuery({
    queryKey: offersKey(brand?.id ?? 'none'),
    queryFn: ({ signal }) =>
      call(endpoints.offers.getPartnerBrandsByBrandIdOffers, { params: { brandId: brand!.id }, signal }).then(
        (r) => r.offers,
      ),
    enabled: Boolean(brand),
  });
  const [editing, setEditing] = useState<PartnerOffer | 'new' | null>(null);
  const [ending, setEnding] = useState<PartnerOffer | null>(null);
  const [endBusy, setEndBusy] = useState(false);

  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading offers" message={selection.error.message} onRetry={selection.refetch} />;
  if (!brand) {
    return (
      <EmptyState icon={<TicketPercent aria-hidden="true" />} title="Select a brand first">
        Offers belong to a brand. Create a brand, or choose one with the switcher at the top.
      </EmptyState>
    );
  }
  const manage = canManageBrand(brand.role);
  const now = new Date();
  const refresh = () => queryClient.invalidateQueries({ queryKey: offersKey(brand.id) });

  const endOffer = async () => {
    if (!ending) return;
    setEndBusy(true);
    try {
      await call(endpoints.offers.postPartnerOffersByOfferIdEnd, { params: { offerId: ending.id } });
      toast.success('Offer ended', { description: ending.label });
      setEnding(null);
      await refresh();
    } catch (error) {
      toast.error('Error ending offer', { description: messageOf(error) });
    } finally {
      setEndBusy(false);
    }
  };

  const grouped = new Map<OfferStatus, PartnerOffer[]>(STATUSES.map((s) => [s, []]));
  for (const o of offers.data ?? []) {
    grouped.get(offerStatus({ ...o, endedAt: o.endedAt ? new Date(o.endedAt) : null }, now))!.push(o);
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{brand.name}</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Offers</h1>
        </div>
        {manage ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New offer
          </Button>
        ) : null}
      </div>
      {!manage ? (
        <p className="text-sm text-muted-foreground">Only the brand owner or an admin can make or change offers.</p>
      ) : null}
      {offers.isPending ? (
        <PageLoading />
      ) : offers.error ? (
        <LoadFailed title="Error loading offers" message={offers.error.message} onRetry={() => void offers.refetch()} />
      ) : !offers.data.length ? (
        <EmptyState icon={<TicketPercent aria-hidden="true" />} title="No offers yet">
          An offer shows on your restaurant cards and page, and HalalNosh takes it off the customer’s order.
        </EmptyState>
      ) : (
        STATUSES.map((status) => {
          const list = grouped.get(status)!;
          return (
            <Card key={status}>
              <CardHeader>
                <CardTitle id={`offers-${status}`}>
                  {OFFER_STATUS_LABELS[status]} ({list.length})
                </CardTitle>
              </CardHeader>
              <CardContent>
                {list.length ? (
                  <ul aria-labelledby={`offers-${status}`} className="grid gap-3">
                    {list.map((o) => (
                      <li
                        key={o.id}
                        className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border p-3"
                      >
                        <div className="grid min-w-0 gap-1">
                          <p className="font-semibold">{o.label}</p>
                          <p className="text-sm text-muted-foreground">
                            {OFFER_KIND_LABELS[o.kind]} · {o.siteName ?? 'Every location'}
                          </p>
                          <p className="text-sm text-muted-foreground">{whenText(o)}</p>
                          {o.endedAt ? (
                            <p className="text-sm text-muted-foreground">Ended {formatDate(o.endedAt)}</p>
                          ) : null}
                        </div>
                        <div className="flex items-center gap-2">
                          <Badge variant={status === 'active' ? 'secondary' : 'outline'}>
                            {OFFER_STATUS_LABELS[status]}
                          </Badge>
                          {manage && status !== 'ended' ? (
                            <>
                              <Button
                                variant="outline"
                                size="sm"
                                onClick={() => setEditing(o)}
                                aria-label={`Edit ${o.label}`}
                              >
                                Edit
                              </Button>
                              <Button
                                variant="outline"
                                size="sm"
                                onClick={() => setEnding(o)}
                                aria-label={`End ${o.label}`}
                              >
                                End
                              </Button>
                            </>
                          ) : null}
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">None.</p>
                )}
              </CardContent>
            </Card>
          );
        })
      )}
      {editing ? (
        <OfferDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          onClose={() => setEditing(null)}
          brandId={brand.id}
          sites={brand.sites}
          offer={editing === 'new' ? null : editing}
          today={londonDate(now)}
          siteId={null}
          onSaved={refresh}
        />
      ) : null}
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title="End this offer?"
        description={`“${ending?.label ?? ''}” stops at once for every order. An ended offer cannot start again; make a new one instead.`}
        confirmLabel="End offer"
        onConfirm={() => void endOffer()}
        busy={endBusy}
      />
    </div>
  );
}

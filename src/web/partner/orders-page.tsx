import { useQuery, useQueryClient } from '@tanstack/react-query';
import Maximize2 from 'lucide-react/icons/maximize-2';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useCallback, useEffect, useState } from 'react';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import { DEFAULT_PREP_MINUTES } from '../../domain/eta';
import type { OrderAction } from '../../domain/order-flow';
import { topicName } from '../../domain/topics';
import { isClientError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { useLiveEvents } from '../lib/live';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/spinner';
import { SOUND_STORAGE_KEY, playAlertTone, unlockAudio } from './alert-tone';
import { KitchenDisplay } from './kitchen-display';
import { ScheduledLane } from './scheduled-lane';
import { OrderCard } from './order-card';
import { CancelOrderDialog } from './cancel-order-dialog';
import { AcceptDialog, HandOverDialog, RejectDialog } from './order-dialogs';
import { useItemAvailability } from './use-item-availability';
import { partnerKeys } from './partner-api';
import { LoadFailed, LocationNotFound, NoSiteSelected } from './partner-states';
import { useOrderActions } from './use-order-actions';
import { usePartnerSelection } from './use-partner-selection';

/** /partner/orders?site=: Order Management with the Kitchen Display. */
export function PartnerOrdersPage() {
  useDocumentTitle('Order Management');
  const selection = usePartnerSelection();
  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  if (selection.unknownSite) return <LocationNotFound />;
  if (!selection.site) return <NoSiteSelected />;
  return (
    <OrdersConsole
      key={selection.site.id}
      siteId={selection.site.id}
      siteName={`${selection.site.brand.name} · ${selection.site.name}`}
    />
  );
}

function readSound(): boolean {
  try {
    return window.localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

type Dialog = { kind: 'accept' | 'reject' | 'handOver' | 'cancel'; order: PartnerOrder } | null;

function OrdersConsole({ siteId, siteName }: { siteId: string; siteName: string }) {
  const queryClient = useQueryClient();
  const orders = useQuery({
    queryKey: partnerKeys.orders(siteId),
    queryFn: ({ signal }) => call(endpoints.partner.getPartnerSitesBySiteIdOrders, { params: { siteId }, signal }),
    // Live events drive the screen; this only catches what a silent network drop could hide.
    refetchInterval: 30_000,
    retry: (n, e) => !isClientError(e) && n < 3,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: partnerKeys.orders(siteId) }),
    [queryClient, siteId],
  );
  const actions = useOrderActions(refresh);
  const availability = useItemAvailability(siteId);
  const [soundOn, setSoundOn] = useState(readSound);
  const [kitchen, setKitchen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [arrived, setArrived] = useState<Set<string>>(() => new Set());
  const [now, setNow] = useState(() => Date.now());
  // Said by screen readers when an order arrives (the tone is for those who can hear it; docs/product/README.md#accessibility).
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  // Audio starts only after a gesture: a remembered "sound on" is unlocked by the first tap or key.
  useEffect(() => {
    if (!soundOn) return;
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [soundOn]);

  const stream = useLiveEvents([topicName.site(siteId)], {
    refetch: [partnerKeys.orders(siteId), partnerKeys.menu(siteId)],
    refetchOn: ['order.created', 'order.status', 'driver.arrived', 'menu.updated'],
    on: {
      'order.created': (data) => {
        if (soundOn) playAlertTone();
        setAnnouncement(
          `New ${data.orderType === 'PICKUP' ? 'pickup' : 'delivery'} order${data.orderNumber ? ` ${data.orderNumber}` : ''} received.`,
        );
      },
      'driver.arrived': (data) => {
        if (data.at === 'pickup') setArrived((s) => new Set(s).add(data.orderId));
      },
    },
  });

  const toggleSound = () => {
    const next = !soundOn;
    if (next) unlockAudio();
    setSoundOn(next);
    try {
      window.localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // the toggle still works for this visit
    }
  };

  const enterKitchen = () => {
    setKitchen(true);
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const exitKitchen = useCallback(() => {
    setKitchen(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }, []);
  useEffect(() => {
    // Leaving full screen with the browser's own Escape leaves the display too.
    const onChange = () => {
      if (!document.fullscreenElement) setKitchen(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onAction = (order: PartnerOrder, action: OrderAction) => {
    if (action === 'accept') setDialog({ kind: 'accept', order });
    else if (action === 'reject') setDialog({ kind: 'reject', order });
    else if (action === 'hand_to_driver') setDialog({ kind: 'handOver', order });
    else if (action === 'start_preparing' || action === 'mark_ready' || action === 'mark_collected')
      actions.perform(order, { action });
  };
  const onShortcut = useCallback(
    (order: PartnerOrder, action: OrderAction) => {
      if (action === 'accept') actions.perform(order, { action: 'accept', prepTimeMinutes: DEFAULT_PREP_MINUTES });
      else if (action === 'hand_to_driver') setDialog({ kind: 'handOver', order });
      else if (action === 'start_preparing' || action === 'mark_ready') actions.perform(order, { action });
    },
    [actions],
  );
  const handlers = {
    onAction,
    onUndo: actions.undo,
    onCancel: (order: PartnerOrder) => setDialog({ kind: 'cancel', order }),
  };

  const dialogs = (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <AcceptDialog
        order={dialog?.kind === 'accept' ? dialog.order : null}
        onClose={() => setDialog(null)}
        onAccept={(prep) => {
          if (dialog) actions.perform(dialog.order, { action: 'accept', prepTimeMinutes: prep });
          setDialog(null);
        }}
      />
      <RejectDialog
        order={dialog?.kind === 'reject' ? dialog.order : null}
        onClose={() => setDialog(null)}
        onReject={async (reason) => {
          if (!dialog) return;
          if (await actions.reject(dialog.order, reason)) setDialog(null);
        }}
      />
      <CancelOrderDialog
        order={dialog?.kind === 'cancel' ? dialog.order : null}
        onClose={() => setDialog(null)}
        onCancel={async (reason, details) => {
          if (!dialog) return;
          if (await actions.cancel(dialog.order, reason, details)) setDialog(null);
        }}
      />
      <HandOverDialog
        order={dialog?.kind === 'handOver' ? dialog.order : null}
        onClose={() => setDialog(null)}
        onHandOver={async (code) => {
          if (!dialog) return false;
          const ok = await actions.handOver(dialog.order, code);
          if (ok) setDialog(null);
          return ok;
        }}
      />
    </>
  );

  if (orders.isPending) return <PageLoading label="Loading orders..." />;
  if (orders.isError) {
    return isClientError(orders.error) ? (
      <LocationNotFound />
    ) : (
      <LoadFailed title="Could not load orders" message={orders.error.message} onRetry={() => void orders.refetch()} />
    );
  }
  const { active, recent, scheduled } = orders.data;

  if (kitchen) {
    return (
      <>
        <KitchenDisplay
          siteName={siteName}
          orders={active}
          pending={actions.pending}
          handlers={handlers}
          onShortcut={onShortcut}
          stream={stream}
          soundOn={soundOn}
          onToggleSound={toggleSound}
          onExit={exitKitchen}
          arrived={arrived}
        />
        {dialogs}
      </>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{siteName}</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Order Management</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span role="status" className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            {stream === 'live' ? (
              <Wifi aria-hidden="true" className="size-4 text-primary" />
            ) : (
              <WifiOff aria-hidden="true" className="size-4 text-amber-600" />
            )}
            {stream === 'live' ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </span>
          <Button variant="outline" onClick={toggleSound} aria-pressed={soundOn}>
            {soundOn ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            Sound {soundOn ? 'on' : 'off'}
          </Button>
          <Button onClick={enterKitchen}>
            <Maximize2 aria-hidden="true" />
            Kitchen Display
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="active-orders" className="grid content-start gap-3">
            <h2 id="active-orders" className="text-xl font-semibold">
              Active Orders <span className="text-muted-foreground">({active.length})</span>
            </h2>
            {active.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
                No active orders. New orders appear here instantly.
              </p>
            ) : (
              <div className="grid gap-3 xl:grid-cols-2">
                {active.map((o) => (
                  <OrderCard
                    key={o.id}
                    order={o}
                    pending={actions.pending[o.id]}
                    handlers={handlers}
                    now={now}
                    arrived={arrived.has(o.id)}
                    availability={availability}
                  />
                ))}
              </div>
            )}
          </section>
          <ScheduledLane orders={scheduled} handlers={handlers} now={now} />
        </div>
        <section aria-labelledby="recent-orders" className="grid content-start gap-3">
          <h2 id="recent-orders" className="text-xl font-semibold">
            Recent Orders
          </h2>
          {recent.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
              Finished orders appear here.
            </p>
          ) : (
            <div
              tabIndex={0}
              aria-label="Recent orders, scrollable"
              className="grid max-h-[70vh] gap-3 overflow-y-auto pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {recent.map((o) => (
                <OrderCard key={o.id} order={o} pending={undefined} handlers={handlers} now={now} arrived={false} />
              ))}
            </div>
          )}
        </section>
      </div>
      {dialogs}
    </div>
  );
}

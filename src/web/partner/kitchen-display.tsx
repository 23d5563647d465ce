import Bike from 'lucide-react/icons/bike';
import Minimize2 from 'lucide-react/icons/minimize-2';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import type { OrderAction } from '../../domain/order-flow';
import { ACTION_LABELS, KITCHEN_COLUMNS, KITCHEN_SHORTCUTS } from '../../domain/partner-orders';
import { cn } from '../lib/cn';
import { formatTime } from '../lib/format';
import { Button } from '../ui/button';
import { type CardHandlers, OrderActionButtons, minutesAgo } from './order-card';
import type { StreamStatus } from '../lib/live';

const KEYS_HELP = [
  ['A', 'Accept'],
  ['P', 'Prepare'],
  ['R', 'Ready'],
  ['H', 'Hand to driver'],
  ['← → ↑ ↓', 'Select'],
] as const;

function typingOrDialog(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (document.querySelector('dialog[open]')) return true;
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/**
 * The kitchen display: full screen, one column per stage, large cards for a tablet across the
 * room. Keys act on the selected order: A accept (20 min), P prepare, R ready, H hand to driver;
 * arrows or Tab move the selection.
 */
export function KitchenDisplay({
  siteName,
  orders,
  pending,
  handlers,
  onShortcut,
  stream,
  soundOn,
  onToggleSound,
  onExit,
  arrived,
}: {
  siteName: string;
  orders: PartnerOrder[];
  pending: Record<string, OrderAction>;
  handlers: CardHandlers;
  onShortcut: (order: PartnerOrder, action: OrderAction) => void;
  stream: StreamStatus;
  soundOn: boolean;
  onToggleSound: () => void;
  onExit: () => void;
  arrived: ReadonlySet<string>;
}) {
  const columns = KITCHEN_COLUMNS.map((c) => ({ ...c, orders: orders.filter((o) => c.statuses.includes(o.status)) }));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const state = useRef({ columns, selectedId });
  state.current = { columns, selectedId };

  const visible = columns.flatMap((c) => c.orders);
  const selected = visible.find((o) => o.id === selectedId) ?? visible[0] ?? null;

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const select = (id: string, focus = true) => {
    setSelectedId(id);
    if (focus) cards.current.get(id)?.focus();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingOrDialog(event.target)) return;
      const { columns: cols, selectedId: current } = state.current;
      const all = cols.flatMap((c) => c.orders);
      const order = all.find((o) => o.id === current) ?? all[0];
      const key = event.key.toLowerCase();
      if (key in KITCHEN_SHORTCUTS) {
        event.preventDefault();
        if (!order) return;
        const action = KITCHEN_SHORTCUTS[key];
        if (!order.availableActions.includes(action)) {
          toast.info(`${ACTION_LABELS[action]} is not possible for ${order.orderNumber} now`);
          return;
        }
        onShortcut(order, action);
        return;
      }
      if (!order || !event.key.startsWith('Arrow')) return;
      event.preventDefault();
      const col = cols.findIndex((c) => c.orders.some((o) => o.id === order.id));
      const row = cols[col].orders.findIndex((o) => o.id === order.id);
      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
        const list = cols[col].orders;
        const next = list[Math.max(0, Math.min(list.length - 1, row + (event.key === 'ArrowUp' ? -1 : 1)))];
        select(next.id);
        return;
      }
      const step = event.key === 'ArrowLeft' ? -1 : 1;
      for (let c = col + step; c >= 0 && c < cols.length; c += step) {
        if (cols[c].orders.length) {
          select(cols[c].orders[Math.min(row, cols[c].orders.length - 1)].id);
          return;
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onShortcut]);

  return (
    <div
      role="region"
      aria-label="Kitchen Display"
      className="fixed inset-0 z-50 flex flex-col bg-stone-950 text-stone-50"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-800 px-4 py-3">
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-bold">Kitchen Display · {siteName}</h1>
          <span
            role="status"
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
              stream === 'live' ? 'bg-emerald-900 text-emerald-100' : 'bg-amber-900 text-amber-100',
            )}
          >
            {stream === 'live' ? (
              <Wifi aria-hidden="true" className="size-3" />
            ) : (
              <WifiOff aria-hidden="true" className="size-3" />
            )}
            {stream === 'live' ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </span>
        </div>
        <ul aria-label="Keyboard shortcuts" className="flex flex-wrap gap-3 text-sm text-stone-300">
          {KEYS_HELP.map(([k, label]) => (
            <li key={k}>
              <kbd className="rounded border border-stone-600 bg-stone-800 px-1.5 py-0.5 font-mono text-stone-50">
                {k}
              </kbd>{' '}
              {label}
            </li>
          ))}
        </ul>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onToggleSound} aria-pressed={soundOn}>
            {soundOn ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            Sound {soundOn ? 'on' : 'off'}
          </Button>
          <Button variant="secondary" onClick={onExit}>
            <Minimize2 aria-hidden="true" />
            Exit Kitchen Display
          </Button>
        </div>
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-3 overflow-auto p-3 lg:grid-cols-4">
        {columns.map((col) => (
          <section
            key={col.key}
            aria-labelledby={`kds-${col.key}`}
            className="flex min-h-0 flex-col rounded-lg bg-stone-900"
          >
            <h2 id={`kds-${col.key}`} className="flex items-center justify-between px-3 py-2 text-lg font-semibold">
              {col.title}
              <span className="rounded-full bg-stone-700 px-2.5 text-base">{col.orders.length}</span>
            </h2>
            <ul className="grid content-start gap-3 overflow-y-auto p-3 pt-0">
              {col.orders.map((o) => {
                const isSelected = selected?.id === o.id;
                const late = minutesAgo(o.createdAt, now);
                return (
                  <li key={o.id}>
                    <div
                      className={cn(
                        'grid gap-3 rounded-lg border-2 bg-stone-800 p-3',
                        isSelected ? 'border-emerald-400' : 'border-transparent',
                      )}
                    >
                      <button
                        type="button"
                        ref={(el) => {
                          if (el) cards.current.set(o.id, el);
                          else cards.current.delete(o.id);
                        }}
                        aria-pressed={isSelected}
                        aria-label={`Select order ${o.orderNumber}`}
                        onClick={() => select(o.id, false)}
                        onFocus={() => setSelectedId(o.id)}
                        className="grid gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="text-2xl font-bold">{o.orderNumber}</span>
                          <span className={cn('text-lg font-semibold', late >= 20 ? 'text-red-300' : 'text-stone-300')}>
                            {late} min
                          </span>
                        </span>
                        <span className="flex items-center gap-2 text-sm text-stone-300">
                          {o.orderType === 'DELIVERY' ? (
                            <Bike aria-hidden="true" className="size-4" />
                          ) : (
                            <ShoppingBag aria-hidden="true" className="size-4" />
                          )}
                          {o.orderType === 'DELIVERY' ? 'Delivery' : 'Pickup'} · {formatTime(o.createdAt)} ·{' '}
                          {o.customerName}
                          {o.prepTimeMinutes ? ` · ${o.prepTimeMinutes} min prep` : ''}
                        </span>
                        <span className="grid gap-1 text-lg">
                          {o.items.map((i, k) => (
                            <span key={k}>
                              <span className="font-bold">{i.quantity} ×</span> {i.name}
                              {i.options.length ? (
                                <span className="block text-base text-amber-200">
                                  {i.options.map((o) => o.name).join(', ')}
                                </span>
                              ) : null}
                            </span>
                          ))}
                        </span>
                        {o.delivery?.instructions ? (
                          <span className="text-sm text-amber-200">“{o.delivery.instructions}”</span>
                        ) : null}
                        {o.driver ? (
                          <span className="text-sm text-stone-300">
                            Driver {o.driver.name}
                            {arrived.has(o.id) ? (
                              <span className="ml-2 font-semibold text-emerald-300">has arrived</span>
                            ) : null}
                          </span>
                        ) : null}
                      </button>
                      <OrderActionButtons order={o} pending={pending[o.id]} handlers={handlers} large />
                    </div>
                  </li>
                );
              })}
              {col.orders.length === 0 ? <li className="px-1 py-6 text-center text-stone-500">No orders</li> : null}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

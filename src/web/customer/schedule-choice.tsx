import { useQuery } from '@tanstack/react-query';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import MoonStar from 'lucide-react/icons/moon-star';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SlotView } from '../../domain/contracts/orders/schedule';
import { SCHEDULE_MESSAGES, type SlotKind, slotDayText, slotOptionText } from '../../domain/schedule';
import { call } from '../lib/call';
import { cn } from '../lib/cn';
import { endpoints } from '../lib/endpoints.generated';
import { LoadFailed } from '../ui/load-failed';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';

/** What checkout sends: null for as soon as possible. */
export type ScheduledChoice = { start: string; kind: SlotKind } | null;

const keyOf = (s: { start: string; kind: SlotKind }) => `${s.kind}|${s.start}`;

/** The branch's slots for an order for later (shared by checkout, the cart and the restaurant page). */
export function useSiteSlots(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['site-slots', siteId],
    queryFn: ({ signal }) => call(endpoints.orders.getSitesBySiteIdSlots, { params: { siteId }, signal }),
    enabled: enabled && Boolean(siteId),
    staleTime: 60_000,
  });
}

/**
 * Whether a closed branch can still take an order for later (docs/product/customer.md#order-for-later):
 * true when it offers slots, false when it offers none, null while unknown or not asked.
 */
export function useCanScheduleLater(siteId: string, closed: boolean): boolean | null {
  const slots = useSiteSlots(siteId, closed);
  if (!closed || !slots.data) return null;
  return slots.data.slots.length > 0;
}

function WhenOption({
  checked,
  onChange,
  title,
  note,
  disabled = false,
}: {
  checked: boolean;
  onChange: () => void;
  title: string;
  note: string;
  disabled?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex min-h-14 items-center gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        disabled
          ? 'cursor-not-allowed border-input bg-muted text-muted-foreground'
          : checked
            ? 'cursor-pointer border-primary bg-primary-soft'
            : 'cursor-pointer border-input bg-card hover:border-primary',
      )}
    >
      <input
        type="radio"
        name="when"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className="size-5 accent-[var(--color-primary)]"
      />
      <span className="grid">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{note}</span>
      </span>
    </label>
  );
}

/**
 * Checkout's "When?" (docs/product/customer.md#order-for-later): as soon as possible, or one of
 * the branch's slots up to 7 days ahead, with the iftar and Jumu'ah slots named and their prayer
 * time and calculation method shown.
 */
export function ScheduleChoice({
  siteId,
  value,
  onChange,
  startLater = false,
  asapUnavailable = null,
}: {
  siteId: string;
  value: ScheduledChoice;
  onChange: (value: ScheduledChoice) => void;
  /** Choose "Schedule for later" once, when it becomes true: the branch is closed, or the cart asked for it. */
  startLater?: boolean;
  /**
   * Why "As soon as possible" cannot be chosen (the branch is closed right now), or null. Later is
   * then chosen and kept, with the first slot picked (docs/product/customer.md#order-for-later).
   */
  asapUnavailable?: string | null;
}) {
  const [later, setLater] = useState(value !== null || startLater);
  const [day, setDay] = useState<string | null>(null);
  const startedLater = useRef(startLater);
  useEffect(() => {
    if (!startLater || startedLater.current) return;
    startedLater.current = true;
    setLater(true);
  }, [startLater]);
  // Closed now: as soon as possible is not on offer, whatever was chosen before.
  useEffect(() => {
    if (asapUnavailable) setLater(true);
  }, [asapUnavailable]);
  const slots = useSiteSlots(siteId, later);
  const list: SlotView[] = useMemo(() => slots.data?.slots ?? [], [slots.data]);
  const days = useMemo(() => [...new Set(list.map((s) => s.date))], [list]);
  const chosenDay = day && days.includes(day) ? day : (days[0] ?? null);
  const ofDay = list.filter((s) => s.date === chosenDay);
  const chosen = value ? (list.find((s) => keyOf(s) === keyOf(value)) ?? null) : null;

  // A chosen slot that is no longer offered (the list moved on) is dropped, never sent stale.
  useEffect(() => {
    if (!later || !slots.data) return;
    if (!chosen && ofDay[0]) onChange({ start: ofDay[0].start, kind: ofDay[0].kind });
  }, [later, slots.data, chosen, ofDay, onChange]);

  const now = new Date();
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border bg-card p-5 shadow-sm">
      <legend className="float-left mb-3 flex w-full items-center gap-2 text-lg font-semibold">
        <CalendarClock aria-hidden="true" className="size-5 text-primary" />
        When?
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <WhenOption
          checked={!later}
          onChange={() => {
            setLater(false);
            onChange(null);
          }}
          title={SCHEDULE_MESSAGES.asap}
          note={asapUnavailable ?? 'The restaurant starts on it now'}
          disabled={Boolean(asapUnavailable)}
        />
        <WhenOption
          checked={later}
          onChange={() => setLater(true)}
          title={SCHEDULE_MESSAGES.later}
          note="Up to 7 days ahead, including iftar"
        />
      </div>
      {later ? (
        slots.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner className="size-4" /> Loading time slots…
          </p>
        ) : slots.isError ? (
          <LoadFailed inline title="Time slots could not be loaded." onRetry={() => void slots.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            {SCHEDULE_MESSAGES.noSlots}
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Day"
              value={chosenDay ?? ''}
              onChange={(e) => {
                setDay(e.target.value);
                const first = list.find((s) => s.date === e.target.value);
                if (first) onChange({ start: first.start, kind: first.kind });
              }}
              options={days.map((d) => ({ value: d, label: slotDayText(d, now) }))}
            />
            <SelectField
              label="Time"
              value={chosen ? keyOf(chosen) : ''}
              onChange={(e) => {
                const slot = ofDay.find((s) => keyOf(s) === e.target.value);
                if (slot) onChange({ start: slot.start, kind: slot.kind });
              }}
              options={ofDay.map((s) => ({ value: keyOf(s), label: slotOptionText(s) }))}
              hint="London time. Delivery arrives, or pickup is ready, within the slot."
            />
            {chosen?.note ? (
              <p className="flex items-center gap-2 text-sm sm:col-span-2" data-testid="slot-note">
                <MoonStar aria-hidden="true" className="size-4 text-primary" />
                {chosen.note}
              </p>
            ) : null}
          </div>
        )
      ) : null}
    </fieldset>
  );
}

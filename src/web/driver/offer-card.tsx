import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { OfferView } from '../../domain/contracts/driver/offers';
import {
  DECLINE_REASONS,
  DECLINE_REASON_LABELS,
  type DeclineReason,
  announceCountdown,
  countdownText,
  secondsLeft,
} from '../../domain/dispatch-offers';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { formatMiles, formatPrice } from '../lib/format';
import { useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { TextareaField } from '../ui/textarea';
import { driverKeys } from './driver-api';

/** The driver's open offer; `offer.made` and `offer.ended` on their own topic refresh it (driver-layout.tsx). */
export const offerKey = ['driver', 'offer'] as const;

export function useCurrentOffer() {
  return useQuery({
    queryKey: offerKey,
    queryFn: ({ signal }) => call(endpoints.driver.getDriverOffersCurrent, { signal }),
  });
}

/** Seconds left on the offer, ticking every second; null without an offer. */
function useSecondsLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsLeft(Date.parse(expiresAt), now) : null;
}

/**
 * The dispatcher's offer card (docs/product/driver.md#offers): pay, pickup and drop-off districts,
 * distance and a countdown, with Accept and Decline (with a reason). Shown on every driver page while
 * an offer is open; it goes when the offer ends, whoever ended it.
 */
export function OfferCard() {
  const offer = useCurrentOffer().data?.offer ?? null;
  if (!offer) return null;
  return <OpenOffer key={offer.id} offer={offer} />;
}

function OpenOffer({ offer }: { offer: OfferView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const left = useSecondsLeft(offer.expiresAt) ?? 0;
  const [total] = useState(() => Math.max(left, 1));
  const [heard, setHeard] = useState(() => countdownText(left));
  const [declining, setDeclining] = useState(false);
  useEffect(() => {
    if (announceCountdown(left, total)) setHeard(countdownText(left));
    if (left === 0) void queryClient.invalidateQueries({ queryKey: offerKey });
  }, [left, total, queryClient]);

  const ended = (err: unknown) => {
    toast.error(err instanceof ApiError ? err.message : 'Something went wrong: please try again.');
    void queryClient.invalidateQueries({ queryKey: offerKey });
  };
  const accept = useMutation({
    mutationFn: () => call(endpoints.driver.postDriverOffersByOfferIdAccept, { params: { offerId: offer.id } }),
    onSuccess: (res) => {
      queryClient.setQueryData(driverKeys.job(res.job.id), res);
      queryClient.setQueryData(offerKey, { offer: null });
      void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
      navigate(`/driver/delivery/${res.job.id}`);
    },
    onError: ended,
  });

  const titleId = `offer-${offer.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border-2 border-primary bg-card p-4 shadow-sm"
      data-testid="offer-card"
      data-job-id={offer.jobId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          New delivery offer
        </h2>
        <p className="text-2xl font-bold tabular-nums">{formatPrice(offer.pay.totalWithTipMinor)}</p>
      </div>
      {offer.stacked ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <strong>Stacked order</strong>: you keep order {offer.stacked.orderNumber} and add this one, each paid as its
          own job.
        </p>
      ) : null}
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Pickup</dt>
          <dd>
            {offer.restaurantName}
            {offer.pickupDistrict ? `, ${offer.pickupDistrict}` : ''}
          </dd>
        </div>
        {offer.stacked ? (
          <StackedDrops offer={offer} stacked={offer.stacked} />
        ) : (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Drop-off</dt>
            <dd>{offer.dropDistrict ?? 'Shown once you accept'}</dd>
          </div>
        )}
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Trip</dt>
          <dd>{formatMiles(offer.distanceMiles)}</dd>
        </div>
        {offer.awayMiles !== null ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Pickup is</dt>
            <dd>{formatMiles(offer.awayMiles)} away</dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-1">
        <p className="text-sm font-medium tabular-nums" aria-hidden="true">
          {countdownText(left)}
        </p>
        <div className="h-2 overflow-hidden rounded bg-muted" aria-hidden="true">
          <div className="h-full bg-primary transition-all" style={{ width: `${(left / total) * 100}%` }} />
        </div>
        {/* Read aloud at a few moments only, not every second. */}
        <p className="sr-only" aria-live="polite">
          {heard}
        </p>
      </div>
      {declining ? (
        <DeclineForm offerId={offer.id} onCancel={() => setDeclining(false)} onFailed={ended} />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={() => accept.mutate()} disabled={accept.isPending || left === 0}>
            Accept
          </Button>
          <Button variant="outline" onClick={() => setDeclining(true)} disabled={accept.isPending}>
            Decline
          </Button>
        </div>
      )}
    </section>
  );
}

/** Both drops of a stacked offer, in the order the driver would visit the customers (docs/product/driver.md#stacked-orders). */
function StackedDrops({ offer, stacked }: { offer: OfferView; stacked: NonNullable<OfferView['stacked']> }) {
  const held = `${stacked.dropDistrict ?? 'your current drop'} (order ${stacked.orderNumber}, yours already)`;
  const offered = `${offer.dropDistrict ?? 'Shown once you accept'} (this order)`;
  const drops = stacked.firstDrop === 'held' ? [held, offered] : [offered, held];
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">Drops, in order</dt>
      <dd>
        <ol className="list-decimal pl-5" aria-label="Drops, in order">
          {drops.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ol>
      </dd>
    </div>
  );
}

function DeclineForm({
  offerId,
  onCancel,
  onFailed,
}: {
  offerId: string;
  onCancel: () => void;
  onFailed: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      call(endpoints.driver.postDriverOffersByOfferIdDecline, {
        params: { offerId },
        body: { reason: reason!, ...(note.trim() ? { note: note.trim() } : {}) },
      }),
    onSuccess: () => {
      queryClient.setQueryData(offerKey, { offer: null });
      toast('Offer declined');
    },
    onError: onFailed,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) return setMissing(true);
    send.mutate();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <fieldset className="grid gap-2" aria-describedby={missing ? 'decline-reason-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Why are you declining?</legend>
        {DECLINE_REASONS.map((r) => (
          <label
            key={r}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="decline-reason"
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setMissing(false);
              }}
              className="size-4 accent-primary"
            />
            {DECLINE_REASON_LABELS[r]}
          </label>
        ))}
        {missing ? (
          <p id="decline-reason-error" role="alert" className="text-sm text-destructive">
            Please choose a reason
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label="Note"
        optional
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button type="submit" variant="destructive" disabled={send.isPending}>
          Send decline
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={send.isPending}>
          Keep the offer
        </Button>
      </div>
    </form>
  );
}

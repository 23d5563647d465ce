import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SiteSummary } from '../../domain/contracts/partner/brands';
import { type OfferBody, type PartnerOffer, offerBody } from '../../domain/contracts/offers/endpoints';
import { OFFER_KINDS, OFFER_KIND_LABELS, type OfferKind, OFFER_WEEKDAYS, offerProblem } from '../../domain/offers';
import type { Weekday } from '../../domain/opening-hours';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { messageOf } from './partner-api';
import { useSiteMenu } from './use-site-menu';

const FIELDS = [
  'kind',
  'siteId',
  'percent',
  'capMinor',
  'amountMinor',
  'minSpendMinor',
  'itemIds',
  'startsOn',
  'endsOn',
  'days',
  'from',
  'until',
] as const;
type Field = (typeof FIELDS)[number];

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** The form's text, as typed: money in pounds ("4.50"), dates and times as the inputs give them. */
type Draft = {
  kind: OfferKind;
  siteId: string;
  percent: string;
  cap: string;
  amount: string;
  minSpend: string;
  itemIds: string[];
  startsOn: string;
  endsOn: string;
  days: Weekday[];
  from: string;
  until: string;
};

const pounds = (minor: number | null) => (minor === null || minor === 0 ? '' : (minor / 100).toFixed(2));

function draftOf(offer: PartnerOffer | null, today: string, siteId: string | null): Draft {
  return {
    kind: offer?.kind ?? 'percent_off',
    siteId: offer ? (offer.siteId ?? '') : (siteId ?? ''),
    percent: offer?.percent ? String(offer.percent) : '',
    cap: pounds(offer?.capMinor ?? null),
    amount: pounds(offer?.amountMinor ?? null),
    minSpend: pounds(offer?.minSpendMinor ?? null),
    itemIds: offer?.itemIds ?? [],
    startsOn: offer?.startsOn ?? today,
    endsOn: offer?.endsOn ?? '',
    days: offer?.days ?? [],
    from: offer?.from ?? '',
    until: offer?.until ?? '',
  };
}

/** Pounds typed as pence: null when empty, NaN when not a sum of money. */
function pence(text: string): number | null {
  const t = text.trim().replace(/^£/, '');
  if (!t) return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

/**
 * The draft as the request body, or the first problem per field in the console's words: the same
 * schema and rules the server holds the offer to (contracts/offers/endpoints.ts, domain/offers.ts offerProblem).
 */
function bodyOf(d: Draft): { body: OfferBody } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const money = (text: string, field: Field, what: string) => {
    const v = pence(text);
    if (Number.isNaN(v)) errors[field] = `Enter ${what} in pounds, like 4.50`;
    return Number.isNaN(v) ? null : v;
  };
  const percent = d.kind === 'percent_off' && d.percent.trim() ? Number(d.percent) : null;
  if (percent !== null && !Number.isInteger(percent)) errors.percent = 'Enter a whole percentage, like 20';
  const raw = {
    kind: d.kind,
    siteId: d.siteId || null,
    percent,
    capMinor: d.kind === 'percent_off' ? money(d.cap, 'capMinor', 'the cap') : null,
    amountMinor: d.kind === 'amount_off' ? money(d.amount, 'amountMinor', 'the amount') : null,
    minSpendMinor: money(d.minSpend, 'minSpendMinor', 'the minimum spend') ?? 0,
    itemIds: d.kind === 'free_item' || d.kind === 'buy_one_get_one' ? d.itemIds : [],
    startsOn: d.startsOn,
    endsOn: d.endsOn || null,
    days: d.days,
    from: d.from || null,
    until: d.until || null,
  };
  const parsed = offerBody.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as Field;
      if (FIELDS.includes(key) && !errors[key]) errors[key] = issue.message;
    }
  }
  if (!startsOnValid(d.startsOn)) errors.startsOn = 'Enter the first day the offer runs';
  const problem = offerProblem(raw);
  if (problem && FIELDS.includes(problem.field as Field) && !errors[problem.field as Field])
    errors[problem.field as Field] = problem.message;
  return Object.keys(errors).length ? { errors } : { body: raw };
}

const startsOnValid = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * Create or change an offer (docs/product/partner.md#offers): kind and its figures, the whole brand
 * or one location, dates, days and hours on UK time. The server checks everything again and names
 * the field it refuses.
 */
export function OfferDialog({
  open,
  onClose,
  brandId,
  sites,
  offer,
  today,
  siteId,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  brandId: string;
  sites: SiteSummary[];
  /** The offer to change; null: a new one. */
  offer: PartnerOffer | null;
  /** Today's London date, the new offer's first day. */
  today: string;
  /** The location selected in the console, the new offer's location. */
  siteId: string | null;
  onSaved: () => Promise<unknown>;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(offer, today, siteId));
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(FIELDS);
  const queryClient = useQueryClient();
  const wantsItems = d.kind === 'free_item' || d.kind === 'buy_one_get_one';
  // The brand's dishes, from the menu any of its locations sees (the base menu).
  const menu = useSiteMenu(wantsItems && sites[0] ? sites[0].id : null);
  const dishes = (menu.data?.menu?.sections ?? []).flatMap((s) => s.items.map((i) => ({ id: i.id, name: i.name })));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = bodyOf(d);
    if ('errors' in result) {
      check(result.errors);
      return;
    }
    const saved = await submit(
      () =>
        offer
          ? call(endpoints.offers.putPartnerOffersByOfferId, { params: { offerId: offer.id }, body: result.body })
          : call(endpoints.offers.postPartnerBrandsByBrandIdOffers, { params: { brandId }, body: result.body }),
      (error, shown) =>
        toast.error(offer ? 'Error saving offer' : 'Error creating offer', {
          description: Object.keys(shown.fields).length ? undefined : messageOf(error),
        }),
    );
    if (!saved) return;
    toast.success(offer ? 'Offer saved' : 'Offer created');
    await onSaved();
    void queryClient.invalidateQueries({ queryKey: ['partner', 'offers', brandId] });
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={offer ? 'Edit offer' : 'New offer'}
      description="Customers see it on your restaurant cards, your page, the cart and checkout. Times are UK time."
      className="max-w-2xl"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Kind"
            value={d.kind}
            onChange={(e) => set('kind', e.target.value as OfferKind)}
            error={errors.kind}
            options={OFFER_KINDS.map((k) => ({ value: k, label: OFFER_KIND_LABELS[k] }))}
          />
          <SelectField
            label="Where"
            value={d.siteId}
            onChange={(e) => set('siteId', e.target.value)}
            error={errors.siteId}
            options={[{ value: '', label: 'Every location' }, ...sites.map((s) => ({ value: s.id, label: s.name }))]}
          />
        </div>
        {d.kind === 'percent_off' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Percentage off the food"
              inputMode="numeric"
              value={d.percent}
              onChange={(e) => set('percent', e.target.value)}
              error={errors.percent}
              hint="A whole number from 1 to 75"
            />
            <TextField
              label="Most it takes off (£)"
              inputMode="decimal"
              optional
              value={d.cap}
              onChange={(e) => set('cap', e.target.value)}
              error={errors.capMinor}
            />
          </div>
        ) : null}
        {d.kind === 'amount_off' ? (
          <TextField
            label="Amount off (£)"
            inputMode="decimal"
            value={d.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={errors.amountMinor}
          />
        ) : null}
        <TextField
          label="Minimum spend on food (£)"
          inputMode="decimal"
          optional={d.kind !== 'amount_off'}
          value={d.minSpend}
          onChange={(e) => set('minSpend', e.target.value)}
          error={errors.minSpendMinor}
        />
        {wantsItems ? (
          <fieldset aria-describedby={errors.itemIds ? 'offer-items-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">Dishes</legend>
            {menu.isPending ? <Spinner className="size-4" /> : null}
            {!menu.isPending && dishes.length === 0 ? (
              <p className="text-sm text-muted-foreground">Add dishes to your menu first.</p>
            ) : null}
            <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
              {dishes.map((dish) => (
                <label key={dish.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={d.itemIds.includes(dish.id)}
                    aria-invalid={errors.itemIds ? true : undefined}
                    onChange={(e) =>
                      set(
                        'itemIds',
                        e.target.checked ? [...d.itemIds, dish.id] : d.itemIds.filter((x) => x !== dish.id),
                      )
                    }
                  />
                  {dish.name}
                </label>
              ))}
            </div>
            {errors.itemIds ? (
              <p id="offer-items-error" role="alert" className="mt-1 text-sm text-destructive">
                {errors.itemIds}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Starts on"
            type="date"
            value={d.startsOn}
            onChange={(e) => set('startsOn', e.target.value)}
            error={errors.startsOn}
          />
          <TextField
            label="Ends on"
            type="date"
            optional
            value={d.endsOn}
            onChange={(e) => set('endsOn', e.target.value)}
            error={errors.endsOn}
            hint="The last day it runs; leave empty to run until you end it"
          />
        </div>
        <fieldset aria-describedby="offer-days-hint">
          <legend className="mb-1 text-sm font-medium">Days</legend>
          <p id="offer-days-hint" className="mb-2 text-xs text-muted-foreground">
            Every day when none is ticked.
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {OFFER_WEEKDAYS.map((day) => (
              <label key={day} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={d.days.includes(day)}
                  onChange={(e) => set('days', e.target.checked ? [...d.days, day] : d.days.filter((x) => x !== day))}
                />
                <span aria-hidden="true">{DAY_NAMES[day]}</span>
                <span className="sr-only">{day[0].toUpperCase() + day.slice(1)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="From"
            type="time"
            optional
            value={d.from}
            onChange={(e) => set('from', e.target.value)}
            error={errors.from}
          />
          <TextField
            label="Until"
            type="time"
            optional
            value={d.until}
            onChange={(e) => set('until', e.target.value)}
            error={errors.until}
            hint="Leave both empty for all day"
          />
        </div>
        <FormAlert message={formError} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
            {offer ? 'Save offer' : 'Create offer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { poundsToPence } from '../../domain/money';
import type { OrderType } from '../../domain/order-flow';
import { RATING_REQUIRED_MESSAGE } from '../../domain/ratings';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { cn } from '../lib/cn';
import { formatPrice } from '../lib/format';
import { orderTokenHeaders } from '../lib/order-tokens';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { orderQueryKey } from './order-query';
import { StarRadioGroup } from './stars';

const TIP_CHOICES = [0, 100, 200, 300] as const;
const MAX_TIP_MINOR = 5000;

/** "Rate & Tip" (docs/product/customer.md#rate-and-tip): 1 to 5 stars, an optional tip for the driver and a comment. */
export function RateOrderDialog({
  open,
  onClose,
  orderNumber,
  orderType,
}: {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
  orderType: OrderType;
}) {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [tip, setTip] = useState<number | 'custom'>(0);
  const [custom, setCustom] = useState('');
  const [tipError, setTipError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const withTip = orderType === 'DELIVERY';

  const rate = useMutation({
    mutationFn: (body: { rating: number; tipMinor: number; comment: string | null }) =>
      call(endpoints.orders.postOrdersByOrderNumberRating, {
        params: { orderNumber },
        body,
        headers: orderTokenHeaders(orderNumber),
      }),
    onSuccess: (_data, body) => {
      toast.success('Thank you for your rating!', {
        description:
          body.tipMinor > 0
            ? `Your ${formatPrice(body.tipMinor)} tip goes to your driver.`
            : 'Your feedback helps our restaurants and drivers.',
      });
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderNumber) });
      onClose();
    },
    onError: (error) => toast.error('Could not save your rating', { description: error.message }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      toast.error('Please select a rating', { description: RATING_REQUIRED_MESSAGE });
      return;
    }
    let tipMinor = 0;
    if (withTip) {
      if (tip === 'custom') {
        const pounds = Number(custom.replace(/^£/, '').trim());
        if (!custom.trim() || !Number.isFinite(pounds) || pounds < 0 || poundsToPence(pounds) > MAX_TIP_MINOR) {
          setTipError('Please enter a tip from £0.00 to £50.00');
          return;
        }
        tipMinor = poundsToPence(pounds);
      } else {
        tipMinor = tip;
      }
    }
    setTipError(null);
    rate.mutate({ rating, tipMinor, comment: comment.trim() || null });
  };

  const chip = (active: boolean) =>
    cn(
      'inline-flex min-h-11 min-w-16 items-center justify-center rounded-full border px-4 text-sm font-semibold transition-colors',
      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
      active ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:border-primary',
    );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={withTip ? 'Rate & Tip' : 'Rate your order'}
      description={`Order #${orderNumber}`}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <StarRadioGroup legend="How was your order?" value={rating} onChange={setRating} />
        {withTip ? (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Tip your driver</legend>
            <div className="flex flex-wrap gap-2">
              {TIP_CHOICES.map((t) => (
                <label key={t} className={chip(tip === t)}>
                  <input type="radio" name="tip" className="sr-only" checked={tip === t} onChange={() => setTip(t)} />
                  {formatPrice(t)}
                </label>
              ))}
              <label className={chip(tip === 'custom')}>
                <input
                  type="radio"
                  name="tip"
                  className="sr-only"
                  checked={tip === 'custom'}
                  onChange={() => setTip('custom')}
                />
                Custom
              </label>
            </div>
            {tip === 'custom' ? (
              <TextField
                label="Tip amount (£)"
                inputMode="decimal"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                error={tipError}
                placeholder="5.00"
                containerClassName="max-w-40"
              />
            ) : null}
            <p className="text-xs text-muted-foreground">Every penny of your tip goes to your driver.</p>
          </fieldset>
        ) : null}
        <TextareaField
          label="Comment"
          optional
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1000}
          className="min-h-20"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={rate.isPending}>
            {rate.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

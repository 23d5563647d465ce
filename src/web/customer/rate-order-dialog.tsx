import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { OrderType } from '../../domain/order-flow';
import { CASH_TIP_MESSAGE, RATING_REQUIRED_MESSAGE } from '../../domain/ratings';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { orderTokenHeaders } from '../lib/order-tokens';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { orderQueryKey } from './order-query';
import { StarRadioGroup } from './stars';

/**
 * "Rate & Tip" (docs/product/customer.md#rate-and-tip): 1 to 5 stars and a comment. Payment is
 * cash, so a tip is cash handed to the driver at the door, never taken here
 * (docs/decisions/0201-tips-in-cash-at-the-door.md).
 */
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
  const [comment, setComment] = useState('');
  // The "Could not save your rating" toast spells a failure; a refused comment also shows under it.
  const { formRef, errors, fail } = useFormErrors(['comment']);

  const rate = useMutation({
    mutationFn: (body: { rating: number; comment: string | null }) =>
      call(endpoints.orders.postOrdersByOrderNumberRating, {
        params: { orderNumber },
        body,
        headers: orderTokenHeaders(orderNumber),
      }),
    onSuccess: () => {
      toast.success('Thank you for your rating!', { description: 'Your feedback helps our restaurants and drivers.' });
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderNumber) });
      onClose();
    },
    onError: (error) => {
      fail(error);
      toast.error('Could not save your rating', { description: error.message });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      toast.error('Please select a rating', { description: RATING_REQUIRED_MESSAGE });
      return;
    }
    rate.mutate({ rating, comment: comment.trim() || null });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={orderType === 'DELIVERY' ? 'Rate & Tip' : 'Rate your order'}
      description={`Order #${orderNumber}`}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
        <StarRadioGroup legend="How was your order?" value={rating} onChange={setRating} />
        {orderType === 'DELIVERY' ? (
          <section aria-labelledby="tip-title" className="grid gap-1">
            <h3 id="tip-title" className="text-sm font-medium">
              Tip your driver
            </h3>
            <p className="text-sm text-muted-foreground">{CASH_TIP_MESSAGE}.</p>
          </section>
        ) : null}
        <TextareaField
          label="Comment"
          optional
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={errors.comment}
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

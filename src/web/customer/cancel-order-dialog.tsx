import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { orderTokenHeaders } from '../lib/order-tokens';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { orderQueryKey } from './order-query';

/** As in domain/contracts/orders/cancel-order.ts (not imported: it would bring zod). */
const MESSAGES = {
  cancelled: 'Your order has been cancelled',
  requested: 'We have asked our support team to cancel your order. We will be in touch shortly.',
} as const;

/**
 * "Cancel order" while the restaurant has not answered (the order is cancelled at once), or
 * "Ask to cancel" after it accepted (a support ticket tied to the order). The reason is optional.
 */
export function CancelOrderDialog({
  open,
  onClose,
  orderNumber,
  mode,
  noDriver = false,
}: {
  open: boolean;
  onClose: () => void;
  orderNumber: string;
  mode: 'cancel' | 'ask';
  /** Cancelling because no driver was found (docs/product/orders.md#no-driver-found). */
  noDriver?: boolean;
}) {
  const [reason, setReason] = useState('');
  const { formRef, errors, fail } = useFormErrors(['reason']);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (text: string) =>
      call(
        mode === 'cancel'
          ? endpoints.orders.postOrdersByOrderNumberCancel
          : endpoints.orders.postOrdersByOrderNumberCancelRequest,
        { params: { orderNumber }, body: text ? { reason: text } : {}, headers: orderTokenHeaders(orderNumber) },
      ),
    onSuccess: () => {
      toast.success(mode === 'cancel' ? MESSAGES.cancelled : MESSAGES.requested);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderNumber) });
      onClose();
    },
    onError: (err) => {
      // A refused reason stays in the dialog, under the field, to be shortened.
      if (Object.keys(fail(err).fields).length) return;
      // The restaurant may have accepted meanwhile: the page refreshes and offers "Ask to cancel".
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderNumber) });
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      onClose();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(reason.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode === 'cancel' ? 'Cancel this order?' : 'Ask to cancel'}
      description={
        mode === 'cancel'
          ? noDriver
            ? `We haven't found a driver for order #${orderNumber}. Cancelling cannot be undone.`
            : `Order #${orderNumber} has not been accepted yet. Cancelling cannot be undone.`
          : `The restaurant has already accepted order #${orderNumber}. Our support team will contact the restaurant and let you know.`
      }
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextareaField
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          maxLength={mode === 'cancel' ? 500 : 2000}
          placeholder="E.g. I ordered by mistake"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Keep order
          </Button>
          <Button type="submit" variant={mode === 'cancel' ? 'destructive' : 'default'} disabled={send.isPending}>
            {send.isPending ? <Spinner className="size-4" /> : null}
            {mode === 'cancel' ? 'Cancel order' : 'Send request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

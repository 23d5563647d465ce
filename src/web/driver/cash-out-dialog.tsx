import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { EARNINGS_MESSAGES } from '../../domain/contracts/driver/earnings';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { formatPrice } from '../lib/format';
import { formatArrivalDate } from '../../domain/payout-arrival';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { driverKeys } from './driver-api';
import { PayoutDetailsForm, usePayoutDetails } from './payout-details-form';

/**
 * Requests a payout of every unpaid earning (docs/product/driver.md#earnings): first the payout details
 * if there are none, then the amounts and what happens next; finance pays requests by bank transfer.
 */
export function CashOutDialog({
  open,
  onClose,
  unpaidMinor,
  arrivesBy,
}: {
  open: boolean;
  onClose: () => void;
  unpaidMinor: number;
  /** The London date (YYYY-MM-DD) a payout requested now reaches the bank by. */
  arrivesBy: string;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const details = usePayoutDetails(open);
  // The request sends no fields (it pays every unpaid earning): the kit gives the busy state, and
  // the product's toasts spell the outcome. A refusal by its code, never by its words: the state's
  // own message for a CONFLICT ("No unpaid earnings to cash out", no payout details), else
  // "Failed to process cash-out request".
  const { busy, submit } = useFormErrors([]);
  const onConfirm = async () => {
    await submit(
      async () => {
        const res = await call(endpoints.driver.postDriverEarningsCashOut);
        toast.success(`Payout of ${formatPrice(res.payout.netMinor)} requested`, { description: res.message });
      },
      (error) =>
        toast.error(
          error instanceof ApiError && error.code === 'CONFLICT' ? error.message : EARNINGS_MESSAGES.cashOutFailed,
        ),
    );
    onClose();
    void queryClient.invalidateQueries({ queryKey: driverKeys.earnings });
  };
  const saved = details.data?.details ?? null;
  const showForm = details.isSuccess && (!saved || editing);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={showForm ? 'Payout details' : 'Request a payout?'}
      description={
        showForm
          ? 'Where should we send your earnings? We check the sort code and account number before saving them.'
          : `Our finance team sends it by bank transfer within 2 working days, free of charge.`
      }
    >
      {details.isPending ? (
        <Spinner className="mx-auto size-6" label="Loading payout details..." />
      ) : details.isError ? (
        <p className="text-sm text-destructive">Failed to load your payout details</p>
      ) : showForm ? (
        <PayoutDetailsForm onSaved={() => setEditing(false)} onCancel={saved ? () => setEditing(false) : undefined} />
      ) : (
        <>
          <dl className="mb-4 grid gap-1 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Unpaid earnings</dt>
              <dd className="tabular-nums">{formatPrice(unpaidMinor)}</dd>
            </div>
            <div className="mt-1 flex justify-between border-t border-border pt-2 text-base font-semibold">
              <dt>You receive</dt>
              <dd className="tabular-nums">{formatPrice(unpaidMinor)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Reaches your bank by</dt>
              <dd className="text-right">{formatArrivalDate(arrivesBy)}</dd>
            </div>
            <div className="mt-2 flex justify-between gap-2">
              <dt className="text-muted-foreground">Paid to</dt>
              <dd className="text-right">
                {saved!.accountName}, {saved!.sortCode}, {saved!.accountNumberMasked}
              </dd>
            </div>
          </dl>
          <Button variant="outline" className="mb-2 w-full" onClick={() => setEditing(true)}>
            Change payout details
          </Button>
          <p className="mb-4 text-sm text-muted-foreground">
            You will see the payout marked as paid on this page once the money has been sent.
          </p>
          <Button size="lg" className="w-full" disabled={busy} onClick={() => void onConfirm()}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Request payout
          </Button>
        </>
      )}
    </Dialog>
  );
}

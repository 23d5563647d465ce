import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { EARNINGS_MESSAGES } from '../../domain/contracts/driver/earnings';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatPrice } from '../lib/format';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { driverKeys } from './driver-api';

/** Confirms an instant cash-out of every unpaid earning, showing the fee and what arrives. */
export function CashOutDialog({
  open,
  onClose,
  unpaidMinor,
  feeMinor,
}: {
  open: boolean;
  onClose: () => void;
  unpaidMinor: number;
  feeMinor: number;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    setBusy(true);
    try {
      const res = await call(endpoints.driver.postDriverEarningsCashOut);
      toast.success(`${formatPrice(res.payout.netMinor)} is on its way`, { description: res.message });
      onClose();
    } catch (error) {
      const known = error instanceof ApiError && error.status === 409;
      toast.error(known ? error.message : EARNINGS_MESSAGES.cashOutFailed);
      onClose();
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: driverKeys.earnings });
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cash out now?"
      description="Your unpaid earnings are paid to your account instantly."
    >
      <dl className="mb-4 grid gap-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Unpaid earnings</dt>
          <dd className="tabular-nums">{formatPrice(unpaidMinor)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Instant cash-out fee</dt>
          <dd className="tabular-nums">-{formatPrice(feeMinor)}</dd>
        </div>
        <div className="mt-1 flex justify-between border-t border-border pt-2 text-base font-semibold">
          <dt>You receive</dt>
          <dd className="tabular-nums">{formatPrice(Math.max(0, unpaidMinor - feeMinor))}</dd>
        </div>
      </dl>
      <p className="mb-4 text-sm text-muted-foreground">Funds arrive within 30 minutes.</p>
      <Button size="lg" className="w-full" disabled={busy} onClick={() => void onConfirm()}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Cash Out
      </Button>
    </Dialog>
  );
}

import { type FormEvent, useRef, useState } from 'react';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import {
  PARTNER_CANCEL_DETAILS_MAX,
  PARTNER_CANCEL_REASONS,
  type PartnerCancelReason,
} from '../../domain/partner-cancel';
import { cn } from '../lib/cn';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFocusOnOpen } from './use-focus-on-open';

/**
 * "Cancel order" on an accepted order (docs/product/partner.md#cancel-an-order): a reason from the
 * short list, or "Other" with the restaurant's own words, which the customer reads on their order page.
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancel,
}: {
  order: PartnerOrder | null;
  onClose: () => void;
  /** Resolves true once the order is cancelled; the dialog stays open on a failure. */
  onCancel: (reason: PartnerCancelReason, details: string | null) => Promise<boolean>;
}) {
  return (
    <Dialog
      open={!!order}
      onClose={onClose}
      title={order ? `Cancel ${order.orderNumber}` : 'Cancel order'}
      description="The customer sees the reason, and a driver on the job is told at once."
    >
      {order ? <CancelForm key={order.id} onCancel={onCancel} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CancelForm({
  onCancel,
  onClose,
}: {
  onCancel: (reason: PartnerCancelReason, details: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<PartnerCancelReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const group = useRef<HTMLFieldSetElement>(null);
  useFocusOnOpen(group, 'input');
  const ready = !!reason && (reason !== 'Other' || !!details.trim());

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason || !ready || busy) return;
    setBusy(true);
    const done = await onCancel(reason, reason === 'Other' ? details.trim() : null);
    if (!done) setBusy(false);
  };

  return (
    <form className="grid gap-4" onSubmit={submit}>
      <fieldset ref={group} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Reason</legend>
        {PARTNER_CANCEL_REASONS.map((r) => (
          <label
            key={r}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-card px-3 text-sm font-medium focus-within:ring-2 focus-within:ring-ring',
              reason === r && 'border-primary bg-primary-soft text-primary',
            )}
          >
            <input
              type="radio"
              name="cancel-reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className="size-4 accent-current"
            />
            {r}
          </label>
        ))}
      </fieldset>
      {reason === 'Other' ? (
        <TextareaField
          label="Tell the customer why"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          required
          maxLength={PARTNER_CANCEL_DETAILS_MAX}
          placeholder="e.g. Our oven has broken down"
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Keep order
        </Button>
        <Button type="submit" variant="destructive" disabled={!ready || busy}>
          {busy ? <Spinner className="size-4 text-destructive-foreground" /> : null}
          Cancel order
        </Button>
      </div>
    </form>
  );
}

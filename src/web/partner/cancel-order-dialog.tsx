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
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { useFocusOnOpen } from './use-focus-on-open';

/**
 * "Cancel order" on an accepted order (docs/product/partner.md#cancel-an-order): a reason from the
 * short list, or "Other" with the restaurant's own words, which the customer reads on their order page.
 * A refused reason or wording shows beside its control and takes the focus; the dialog stays open.
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancel,
}: {
  order: PartnerOrder | null;
  onClose: () => void;
  /** Resolves once the order is cancelled (or the click was refused on the spot); rejects with the server's refusal. */
  onCancel: (reason: PartnerCancelReason, details: string | null) => Promise<unknown>;
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

const FIELDS = ['reason', 'details'] as const;

function CancelForm({
  onCancel,
  onClose,
}: {
  onCancel: (reason: PartnerCancelReason, details: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<PartnerCancelReason | null>(null);
  const [details, setDetails] = useState('');
  // The console's toast says the cancel failed; a refused field shows here too, the rest in the alert.
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(FIELDS);
  const group = useRef<HTMLFieldSetElement>(null);
  useFocusOnOpen(group, 'input');
  const ready = !!reason && (reason !== 'Other' || !!details.trim());

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const filled = check({
      reason: reason ? undefined : 'Choose a reason for cancelling',
      details: reason === 'Other' && !details.trim() ? 'Tell the customer why the order is cancelled' : undefined,
    });
    if (!filled || !reason) return;
    await submit(() => onCancel(reason, reason === 'Other' ? details.trim() : null));
  };

  return (
    <form ref={formRef} className="grid gap-4" onSubmit={onSubmit} noValidate>
      <fieldset ref={group} className="grid gap-2" aria-describedby={errors.reason ? 'cancel-reason-error' : undefined}>
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
              aria-invalid={errors.reason ? true : undefined}
              className="size-4 accent-current"
            />
            {r}
          </label>
        ))}
        {errors.reason ? (
          <p id="cancel-reason-error" role="alert" className="text-sm text-destructive">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      {reason === 'Other' ? (
        <TextareaField
          label="Tell the customer why"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          error={errors.details}
          required
          maxLength={PARTNER_CANCEL_DETAILS_MAX}
          placeholder="e.g. Our oven has broken down"
        />
      ) : null}
      <FormAlert message={formError} />
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

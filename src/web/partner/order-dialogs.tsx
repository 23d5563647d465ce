import { type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useFocusOnOpen } from './use-focus-on-open';
import type { PartnerOrder } from '../../domain/contracts/partner/orders';
import { DEFAULT_PREP_MINUTES, PREP_TIME_CHOICES, type PrepTime } from '../../domain/eta';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';

type OrderDialogProps = { order: PartnerOrder | null; onClose: () => void };

/** A dialog about one order of the console: open while it has an order, titled with its number. */
function OrderDialog({
  order,
  onClose,
  title,
  fallbackTitle,
  description,
  children,
}: OrderDialogProps & { title: string; fallbackTitle: string; description: string; children: ReactNode }) {
  return (
    <Dialog
      open={!!order}
      onClose={onClose}
      title={order ? `${title} ${order.orderNumber}` : fallbackTitle}
      description={description}
    >
      {order ? children : null}
    </Dialog>
  );
}

/** Accept with a prep time of 10, 15, 20, 25 or 30 minutes (20 unless chosen). */
export function AcceptDialog({ onAccept, ...dialog }: OrderDialogProps & { onAccept: (prep: PrepTime) => void }) {
  return (
    <OrderDialog {...dialog} title="Accept" fallbackTitle="Accept order" description="How long will the kitchen need?">
      <AcceptForm onAccept={onAccept} onCancel={dialog.onClose} />
    </OrderDialog>
  );
}

function AcceptForm({ onAccept, onCancel }: { onAccept: (prep: PrepTime) => void; onCancel: () => void }) {
  const [prep, setPrep] = useState(String(DEFAULT_PREP_MINUTES));
  const form = useRef<HTMLFormElement>(null);
  useFocusOnOpen(form, 'select');
  return (
    <form
      ref={form}
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onAccept(PREP_TIME_CHOICES.find((m) => m === Number(prep)) ?? DEFAULT_PREP_MINUTES);
      }}
    >
      <SelectField
        label="Prep time"
        value={prep}
        onChange={(e) => setPrep(e.target.value)}
        options={PREP_TIME_CHOICES.map((m) => ({ value: String(m), label: `${m} minutes` }))}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Accept Order</Button>
      </div>
    </form>
  );
}

/**
 * Reject with a reason, which is required. `onReject` resolves once sent (or stopped by the
 * 2-second guard) and rejects with the server's refusal: a refused reason shows under it and the
 * dialog stays open (docs/decisions/0219-one-form-kit.md).
 */
export function RejectDialog({
  onReject,
  ...dialog
}: OrderDialogProps & { onReject: (reason: string) => Promise<unknown> }) {
  return (
    <OrderDialog {...dialog} title="Reject" fallbackTitle="Reject order" description="The customer sees the reason.">
      <RejectForm onReject={onReject} onCancel={dialog.onClose} />
    </OrderDialog>
  );
}

function RejectForm({ onReject, onCancel }: { onReject: (reason: string) => Promise<unknown>; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  // The console's toast says what failed; the reason's refusal shows under it, the rest in the alert.
  const { formRef, errors, formError, busy, check, submit } = useFormErrors(['reason']);
  const first = useRef<HTMLTextAreaElement>(null);
  useFocusOnOpen(first);
  return (
    <form
      ref={formRef}
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (busy || !check({ reason: reason.trim() ? undefined : 'Rejection reason is required' })) return;
        void submit(() => onReject(reason.trim()));
      }}
    >
      <TextareaField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        required
        maxLength={500}
        ref={first}
        placeholder="e.g. We have run out of lamb tonight"
      />
      <FormAlert message={formError} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={!reason.trim() || busy}>
          {busy ? <Spinner className="size-4 text-destructive-foreground" /> : null}
          Reject Order
        </Button>
      </div>
    </form>
  );
}

/** Hand to Driver: four boxes, one digit each, for the code the driver shows. */
export function HandOverDialog({
  order,
  onClose,
  onHandOver,
}: OrderDialogProps & { onHandOver: (code: string) => Promise<boolean> }) {
  return (
    <Dialog
      open={!!order}
      onClose={onClose}
      title={order ? `Hand ${order.orderNumber} to the driver` : 'Hand to driver'}
      description="Ask the driver for the 4-digit pickup code in their app and type it here."
    >
      {order ? <CodeForm onSubmit={onHandOver} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function CodeForm({ onSubmit, onCancel }: { onSubmit: (code: string) => Promise<boolean>; onCancel: () => void }) {
  const [digits, setDigits] = useState(['', '', '', '']);
  const [busy, setBusy] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const firstBox = useRef<HTMLInputElement | null>(null);
  useFocusOnOpen(firstBox);
  const code = digits.join('');

  const setDigit = (i: number, value: string) => {
    const d = value.replace(/\D/g, '').slice(-1);
    setDigits((list) => list.map((x, k) => (k === i ? d : x)));
    if (d && i < 3) boxes.current[i + 1]?.focus();
  };
  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) boxes.current[i - 1]?.focus();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 4);
    if (pasted.length === 4) {
      e.preventDefault();
      setDigits(pasted.split(''));
      boxes.current[3]?.focus();
    }
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!/^\d{4}$/.test(code)) return;
    setBusy(true);
    const ok = await onSubmit(code);
    if (!ok) {
      setBusy(false);
      setDigits(['', '', '', '']);
      boxes.current[0]?.focus();
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submit}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Driver's pickup code</legend>
        <div className="flex gap-3">
          {digits.map((d, i) => (
            <input
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
                if (i === 0) firstBox.current = el;
              }}
              value={d}
              onChange={(e) => setDigit(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={onPaste}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]"
              maxLength={1}
              aria-label={`Digit ${i + 1} of 4`}
              className="size-14 rounded-md border border-input bg-card text-center text-2xl font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || code.length !== 4}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Hand to Driver
        </Button>
      </div>
    </form>
  );
}

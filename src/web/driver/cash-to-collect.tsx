import Banknote from 'lucide-react/icons/banknote';
import { useState } from 'react';
import { CASH_MESSAGES, cashNeedsReason } from '../../domain/ledger';
import { poundsToPence } from '../../domain/money';
import { formatPrice } from '../lib/format';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';

/** docs/product/driver.md#delivery-screen: the cash to take at the door, the order total. */
export function CashToCollect({ totalMinor }: { totalMinor: number }) {
  return (
    <section
      aria-label="Cash to collect"
      className="flex items-center gap-3 rounded-lg border-2 border-primary bg-primary/5 p-4"
    >
      <Banknote aria-hidden="true" className="size-8 shrink-0 text-primary" />
      <p className="text-lg font-semibold">Collect {formatPrice(totalMinor)} in cash</p>
    </section>
  );
}

export type CashEntry = { cashCollectedMinor: number; cashReason?: string };

/** The cash fields' messages, by the names of the completion's body fields. */
export type CashErrors = { cashCollectedMinor?: string; cashReason?: string };

/** The browser's own check of the cash amount (the server checks it again). */
export const CASH_AMOUNT_MESSAGE = 'Enter the cash collected in pounds, like 12.50';

/**
 * The cash taken, asked when completing: the total unless the driver changes it, and a reason when
 * it differs. The form's kit owns the messages (`errors`, by body path, so the server's refusal of
 * `cashCollectedMinor` shows under the amount); `read` gives the entry or the browser's own
 * messages, and `onEdit` tells the form a field changed.
 */
export function useCashEntry(totalMinor: number, errors: CashErrors, onEdit: () => void) {
  const [amount, setAmount] = useState((totalMinor / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const parsed = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? poundsToPence(Number(amount.trim())) : null;
  const differs = parsed !== null && cashNeedsReason(totalMinor, parsed);

  const read = (): { entry: CashEntry | null; errors: CashErrors } => {
    if (parsed === null) return { entry: null, errors: { cashCollectedMinor: CASH_AMOUNT_MESSAGE } };
    if (differs && !reason.trim()) return { entry: null, errors: { cashReason: CASH_MESSAGES.reasonNeeded } };
    return {
      entry: differs ? { cashCollectedMinor: parsed, cashReason: reason.trim() } : { cashCollectedMinor: parsed },
      errors: {},
    };
  };

  const fields = (
    <div className="grid gap-3">
      <TextField
        label="Cash collected (£)"
        hint={`The order total is ${formatPrice(totalMinor)}.`}
        inputMode="decimal"
        value={amount}
        error={errors.cashCollectedMinor}
        onChange={(e) => {
          setAmount(e.target.value);
          onEdit();
        }}
      />
      {differs ? (
        <TextareaField
          label="Why is it different?"
          maxLength={300}
          value={reason}
          error={errors.cashReason}
          onChange={(e) => {
            setReason(e.target.value);
            onEdit();
          }}
        />
      ) : null}
    </div>
  );
  return { fields, read };
}

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

/**
 * The cash taken, asked when completing: the total unless the driver changes it, and a reason when
 * it differs. Returns the fields and a check that gives the entry or the message to show.
 */
export function useCashEntry(totalMinor: number) {
  const [amount, setAmount] = useState((totalMinor / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const parsed = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? poundsToPence(Number(amount.trim())) : null;
  const differs = parsed !== null && cashNeedsReason(totalMinor, parsed);

  const check = (): CashEntry | null => {
    if (parsed === null) {
      setError('Enter the cash collected in pounds, like 12.50');
      return null;
    }
    if (differs && !reason.trim()) {
      setError(CASH_MESSAGES.reasonNeeded);
      return null;
    }
    setError(null);
    return differs ? { cashCollectedMinor: parsed, cashReason: reason.trim() } : { cashCollectedMinor: parsed };
  };

  const fields = (
    <div className="grid gap-3">
      <TextField
        label="Cash collected (£)"
        hint={`The order total is ${formatPrice(totalMinor)}.`}
        inputMode="decimal"
        value={amount}
        error={error && !differs ? error : null}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(null);
        }}
      />
      {differs ? (
        <TextareaField
          label="Why is it different?"
          maxLength={300}
          value={reason}
          error={error && differs ? error : null}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      ) : null}
    </div>
  );
  return { fields, check };
}

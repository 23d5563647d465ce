import { type FormEvent, useState } from 'react';
import { formatPrice } from '../lib/format';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';

/**
 * Checkout's "Voucher code" field and Apply (docs/product/customer.md#vouchers). The server checks
 * the code with the quote and answers the saving or the reason it does not apply; the browser never
 * sends a discount. `applied` is the code the quote was asked with.
 */
export function VoucherField({
  applied,
  onApply,
  checking,
  savingMinor,
  refusal,
  error,
}: {
  applied: string | null;
  onApply: (code: string | null) => void;
  checking: boolean;
  /** The saving the quote confirmed; 0 while none applies. */
  savingMinor: number;
  refusal: string | null;
  /** A failure to check at all (too many checks). */
  error: string | null;
}) {
  const [typed, setTyped] = useState(applied ?? '');
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const code = typed.trim();
    onApply(code ? code : null);
  };
  const message = applied && !checking ? (refusal ?? error) : null;
  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Voucher code"
            optional
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              // Enter applies the code rather than placing the order.
              if (e.key === 'Enter') apply(e);
            }}
            error={message}
          />
        </div>
        {applied && savingMinor > 0 && typed.trim() === applied ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setTyped('');
              onApply(null);
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => apply()} disabled={checking || !typed.trim()}>
            {checking && applied ? <Spinner className="size-4" /> : null}
            Apply
          </Button>
        )}
      </div>
      {applied && savingMinor > 0 && !checking ? (
        <p role="status" className="text-sm font-medium text-primary">
          Voucher applied: you save {formatPrice(savingMinor)}
        </p>
      ) : null}
    </div>
  );
}

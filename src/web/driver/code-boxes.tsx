import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '../lib/cn';

/**
 * A 4-digit code in four boxes (docs/product/driver.md#delivery-screen: digits only per box). Typing moves on,
 * Backspace on an empty box moves back, and pasting "1234" fills them all. `error` shows under the
 * boxes and marks each box invalid and described by it, as a field of the form kit
 * (docs/decisions/0219-one-form-kit.md), so the kit's focus lands on the first box.
 */
export function CodeBoxes({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  error?: string | null;
}) {
  const errorId = `${useId()}-error`;
  const invalid = !!error;
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: 4 }, (_, i) => value[i] ?? '');

  const set = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join('').slice(0, 4));
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index] && index > 0) {
      e.preventDefault();
      set(index - 1, '');
      refs.current[index - 1]?.focus();
    }
    if (e.key === 'ArrowLeft' && index > 0) refs.current[index - 1]?.focus();
    if (e.key === 'ArrowRight' && index < 3) refs.current[index + 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 4);
    if (!pasted) return;
    e.preventDefault();
    onChange(pasted);
    refs.current[Math.min(pasted.length, 3)]?.focus();
  };

  return (
    <div className="grid gap-2">
      <div role="group" aria-label={label} className="flex justify-center gap-3">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={1}
            aria-label={`Digit ${i + 1} of 4`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            // Where typing starts: ui/Dialog focuses it once open (React's autoFocus runs too early there).
            data-autofocus={i === 0 || undefined}
            onPaste={onPaste}
            onKeyDown={(e) => onKeyDown(i, e)}
            onChange={(e) => {
              const d = e.target.value.replace(/\D/g, '').slice(-1);
              set(i, d);
              if (d && i < 3) refs.current[i + 1]?.focus();
            }}
            className={cn(
              'size-16 rounded-lg border-2 border-input bg-card text-center text-3xl font-bold tabular-nums',
              'focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              invalid && 'border-destructive',
            )}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-center text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

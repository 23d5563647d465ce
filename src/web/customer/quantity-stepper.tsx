import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { cn } from '../lib/cn';

const MAX_QUANTITY = 50;

/**
 * A quantity with minus and plus buttons; it never goes below `min` (0 on the menu). Its buttons
 * carry their step (`data-early-step`) for taps made before a server-rendered page hydrates.
 */
export function QuantityStepper({
  value,
  onChange,
  itemName,
  min = 0,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  itemName: string;
  min?: number;
  className?: string;
}) {
  const button =
    'grid size-11 place-items-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40';
  return (
    <div className={cn('inline-flex items-center rounded-full border border-input bg-card', className)}>
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity of ${itemName}`}
        data-early-step="-1"
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output
        // Before hydration, the page's boot script counts taps here (a menu row is a
        // [data-early-stepper]) and hydration undoes it before replaying them
        // (docs/decisions/0237-early-input-kept.md).
        suppressHydrationWarning
        aria-live="polite"
        aria-label={`Quantity of ${itemName}`}
        className="min-w-8 text-center text-sm font-semibold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${itemName}`}
        data-early-step="1"
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

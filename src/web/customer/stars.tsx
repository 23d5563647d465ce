import Star from 'lucide-react/icons/star';
import { useId } from 'react';
import { cn } from '../lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;

/** A read-only row of five stars, filled to the (rounded) rating. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {STARS.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            'size-4',
            n <= filled ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}

/**
 * Choosing 1 to 5 stars: a native radio group (arrow keys move, one tab stop) drawn as stars.
 * `value` 0 means nothing chosen yet.
 */
export function StarRadioGroup({
  value,
  onChange,
  legend,
}: {
  value: number;
  onChange: (value: number) => void;
  legend: string;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex items-center gap-1">
        {STARS.map((n) => (
          <label key={n} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span className="grid size-11 place-items-center rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
              <Star
                aria-hidden="true"
                className={cn(
                  'size-8 transition-colors',
                  n <= value ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/50',
                )}
              />
            </span>
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-muted-foreground" aria-hidden="true">
          {value ? `${value} of 5` : 'Tap a star'}
        </span>
      </div>
    </fieldset>
  );
}

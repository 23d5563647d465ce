import Check from 'lucide-react/icons/check';
import { SEARCH_FILTERS, SEARCH_FILTER_LABELS, type SearchFilter } from '../../domain/search-filters';
import { useId } from 'react';
import { cn } from '../lib/cn';

/**
 * The "Filters" chips (docs/product/customer.md#filters: they really filter). Each chip is a toggle button; the chosen
 * set lives in the URL so a filtered search can be shared and Back undoes a toggle.
 */
export function FilterChips({
  value,
  onChange,
  only = SEARCH_FILTERS,
}: {
  value: readonly SearchFilter[];
  onChange: (filters: SearchFilter[]) => void;
  /** The chips to offer, in this order. */
  only?: readonly SearchFilter[];
}) {
  const labelId = useId();
  const toggle = (filter: SearchFilter) => {
    const next = value.includes(filter) ? value.filter((f) => f !== filter) : [...value, filter];
    // Keep a stable order in the URL whatever order the chips were pressed in.
    onChange(SEARCH_FILTERS.filter((f) => next.includes(f)));
  };
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="mr-1 text-sm font-semibold">
        Filters
      </span>
      {only.map((filter) => {
        const pressed = value.includes(filter);
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => toggle(filter)}
            className={cn(
              'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              pressed
                ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
                : 'border-input bg-card text-foreground hover:border-primary hover:text-primary',
            )}
          >
            {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
            {SEARCH_FILTER_LABELS[filter]}
          </button>
        );
      })}
    </div>
  );
}

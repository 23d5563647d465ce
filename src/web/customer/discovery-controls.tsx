import Check from 'lucide-react/icons/check';
import { useId } from 'react';
import { DIETS, DIET_LABELS, type Diet } from '../../domain/dietary';
import { ALLERGEN_LABELS, type Allergen, UK_ALLERGENS } from '../../domain/menu';
import { SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchSort } from '../../domain/search-order';
import { cn } from '../lib/cn';
import { SelectField } from '../ui/select-field';

/**
 * Sort and dietary filters of the search results (docs/product/customer.md#sort and
 * #dietary-filters): a sort select (Distance only when a postcode is known), toggle chips for
 * Vegetarian, Vegan and Spicy, and a "Without" list of the 14 allergens as checkboxes.
 */
export function DiscoveryControls({
  sort,
  diet,
  without,
  distanceKnown,
  onChange,
}: {
  sort: SearchSort;
  diet: readonly Diet[];
  without: readonly Allergen[];
  distanceKnown: boolean;
  onChange: (next: { sort?: SearchSort; diet?: Diet[]; without?: Allergen[] }) => void;
}) {
  const dietLabel = useId();
  const sorts = SEARCH_SORTS.filter((s) => s !== 'distance' || distanceKnown);
  const toggleDiet = (d: Diet) => {
    const next = diet.includes(d) ? diet.filter((x) => x !== d) : [...diet, d];
    onChange({ diet: DIETS.filter((x) => next.includes(x)) });
  };
  const toggleAllergen = (a: Allergen) => {
    const next = without.includes(a) ? without.filter((x) => x !== a) : [...without, a];
    onChange({ without: UK_ALLERGENS.filter((x) => next.includes(x)) });
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start">
      <SelectField
        label="Sort by"
        name="sort"
        value={sorts.includes(sort) ? sort : 'recommended'}
        onChange={(e) => onChange({ sort: e.target.value as SearchSort })}
        options={sorts.map((s) => ({ value: s, label: SEARCH_SORT_LABELS[s] }))}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={dietLabel}>
          <span id={dietLabel} className="mr-1 text-sm font-semibold">
            Dietary
          </span>
          {DIETS.map((d) => {
            const pressed = diet.includes(d);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={pressed}
                onClick={() => toggleDiet(d)}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  pressed
                    ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
                    : 'border-input bg-card text-foreground hover:border-primary hover:text-primary',
                )}
              >
                {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
                {DIET_LABELS[d]}
              </button>
            );
          })}
        </div>
        <details className="rounded-lg border border-border bg-card" open={without.length > 0 ? true : undefined}>
          <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold">
            Without allergens{without.length ? ` (${without.length})` : ''}
          </summary>
          <fieldset className="grid grid-cols-1 gap-1 px-4 pb-3 sm:grid-cols-2 lg:grid-cols-3">
            <legend className="sr-only">Leave out dishes containing</legend>
            {UK_ALLERGENS.map((a) => (
              <label key={a} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-primary)]"
                  checked={without.includes(a)}
                  onChange={() => toggleAllergen(a)}
                />
                Without {ALLERGEN_LABELS[a]}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
    </div>
  );
}

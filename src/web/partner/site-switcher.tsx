import { useId } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { inputClasses } from '../ui/input';
import { cn } from '../lib/cn';
import type { PartnerSelection } from './use-partner-selection';

/**
 * The brand and location switcher, shown when the partner has more than one to choose from.
 * A native select with a group per brand: keyboard and screen-reader friendly everywhere.
 */
export function SiteSwitcher({ selection }: { selection: PartnerSelection }) {
  const id = useId();
  const { brands, brand, site } = selection;
  const siteCount = brands.reduce((n, b) => n + b.sites.length, 0);
  if (brands.length === 0) return null;
  if (brands.length === 1 && siteCount <= 1) {
    return (
      <p className="text-sm">
        <span className="font-semibold">{brands[0].name}</span>
        {site ? <span className="text-muted-foreground"> · {site.name}</span> : null}
      </p>
    );
  }
  const value = site ? `site:${site.id}` : brand ? `brand:${brand.id}` : '';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-muted-foreground">
        Location
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(e) => {
            const [kind, rawId] = e.target.value.split(':');
            selection.select(kind === 'site' ? { siteId: rawId } : { brandId: rawId });
          }}
          className={cn(inputClasses, 'h-10 min-w-64 appearance-none pr-9')}
        >
          {brands.map((b) =>
            b.sites.length ? (
              <optgroup key={b.id} label={b.name}>
                {b.sites.map((s) => (
                  <option key={s.id} value={`site:${s.id}`}>
                    {b.name} · {s.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={b.id} value={`brand:${b.id}`}>
                {b.name} (no locations yet)
              </option>
            ),
          )}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}

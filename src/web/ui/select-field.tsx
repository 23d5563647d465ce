import { ChevronDown } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../lib/cn';
import { inputClasses } from './input';
import { Label } from './label';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly SelectOption[];
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  containerClassName?: string;
};

/** A labelled native select (keyboard and screen-reader friendly everywhere). */
export function SelectField({ label, options, hideLabel, containerClassName, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn('grid gap-2', containerClassName)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative">
        <select id={id} className={cn(inputClasses, 'appearance-none pr-9', className)} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}

import ChevronDown from 'lucide-react/icons/chevron-down';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { Field, type FieldProps, splitFieldProps } from './field';
import { inputClasses } from './input';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldProps & { options: readonly SelectOption[] };

/** A labelled native select (keyboard and screen-reader friendly everywhere). */
export function SelectField(props: SelectFieldProps) {
  const [field, { options, className, ...select }] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <div className="relative">
          <select {...control} className={cn(inputClasses, 'appearance-none pr-9', className)} {...select}>
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
      )}
    </Field>
  );
}

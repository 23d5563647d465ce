import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { Field, type FieldProps, splitFieldProps } from './field';
import { Input, type InputProps } from './input';

export type PasswordFieldProps = Omit<InputProps, 'id' | 'type'> & Omit<FieldProps, 'optional' | 'hideLabel'>;

/** A labelled password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [field, { className, ...input }] = splitFieldProps(props);
  const [visible, setVisible] = useState(false);
  const name = field.label.toLowerCase();
  return (
    <Field {...field}>
      {(control) => (
        <div className="relative">
          <Input {...control} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...input} />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? `Hide ${name}` : `Show ${name}`}
            aria-pressed={visible}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        </div>
      )}
    </Field>
  );
}

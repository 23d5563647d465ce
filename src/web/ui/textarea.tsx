import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { Field, type FieldProps, splitFieldProps } from './field';

export type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FieldProps & { ref?: Ref<HTMLTextAreaElement> };

/** A labelled multi-line text field with its hint and error tied to it. */
export function TextareaField(props: TextareaFieldProps) {
  const [field, { className, ...textarea }] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          {...control}
          className={cn(
            'min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm',
            'placeholder:text-muted-foreground/80',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
            'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
            className,
          )}
          {...textarea}
        />
      )}
    </Field>
  );
}

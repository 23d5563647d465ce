import { useId } from 'react';
import { cn } from '../lib/cn';
import { Input, type InputProps } from './input';
import { Label } from './label';

export type TextFieldProps = Omit<InputProps, 'id'> & {
  label: string;
  /** A short help line under the field. */
  hint?: string;
  /** An error under the field; marks it invalid. */
  error?: string | null;
  /** Shown after the label for optional fields. */
  optional?: boolean;
  containerClassName?: string;
};

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, optional, containerClassName, ...props }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('grid gap-2', containerClassName)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

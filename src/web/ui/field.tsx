import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

/** What a field's control carries so its label, hint and error are tied to it for screen readers. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The label, hint, error and layout options every field shares. */
export type FieldProps = {
  label: string;
  /** A short help line under the field. */
  hint?: string;
  /** An error under the field; marks the control invalid. */
  error?: string | null;
  /** Shown after the label for optional fields. */
  optional?: boolean;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  containerClassName?: string;
};

/**
 * The one field layout of the app: label (with "(optional)"), the control, its hint and its
 * error, tied together by ids. Text, textarea, password and select fields render through it;
 * `children` gets the props the control must spread.
 */
export function Field({
  label,
  hint,
  error,
  optional,
  hideLabel,
  containerClassName,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('grid gap-2', containerClassName)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
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

/** Splits a field's own props from those of its control. */
export function splitFieldProps<P extends FieldProps>(props: P): [FieldProps, Omit<P, keyof FieldProps>] {
  const { label, hint, error, optional, hideLabel, containerClassName, ...control } = props;
  return [{ label, hint, error, optional, hideLabel, containerClassName }, control];
}

import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

type AlertVariant = 'default' | 'destructive' | 'warning' | 'success';

const VARIANTS: Record<AlertVariant, string> = {
  default: 'border-border bg-card',
  destructive: 'border-destructive/40 bg-destructive-soft text-destructive',
  warning: 'border-amber-300 bg-accent text-accent-foreground',
  success: 'border-emerald-300 bg-primary-soft text-primary',
};

/** A message block. Errors the user must hear at once use role "alert" (the default for destructive). */
export function Alert({
  className,
  variant = 'default',
  role,
  ...props
}: HTMLAttributes<HTMLDivElement> & { variant?: AlertVariant }) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn('rounded-md border px-4 py-3 text-sm [&_svg]:size-4', VARIANTS[variant], className)}
      {...props}
    />
  );
}

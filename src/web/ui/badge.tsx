import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

type BadgeVariant = 'default' | 'secondary' | 'outline' | 'warning' | 'destructive';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-primary text-primary-foreground border-transparent',
  secondary: 'bg-primary-soft text-primary border-transparent',
  outline: 'border-border text-foreground',
  warning: 'bg-accent text-accent-foreground border-transparent',
  destructive: 'bg-destructive-soft text-destructive border-transparent',
};

export function Badge({
  className,
  variant = 'default',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}

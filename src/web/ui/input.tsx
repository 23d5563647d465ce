import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../lib/cn';

export const inputClasses = cn(
  'flex h-11 w-full rounded-md border border-input bg-card px-3 py-2 text-base sm:text-sm',
  'placeholder:text-muted-foreground/80',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
  'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
);

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, ...props }: InputProps) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

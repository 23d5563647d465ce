import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * One fact of a description list shown as an icon and a value: the icon stands for the term, which
 * screen readers hear instead ("Delivery time", "Distance"…).
 */
export function Fact({
  icon,
  term,
  children,
  className,
  valueClassName,
  align = 'center',
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
  /** 'start' for a value that may wrap onto several lines (an address). */
  align?: 'center' | 'start';
}) {
  return (
    <div className={cn('flex', align === 'start' ? 'items-start' : 'items-center', className)}>
      <dt>
        {icon}
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A friendly block for "nothing here": an icon, a short title, a line of help and the way on. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground [&_svg]:size-7">
          {icon}
        </div>
      ) : null}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children ? <div className="max-w-md text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import { cn } from '../lib/cn';

/**
 * A page's heading (its h1 and the tab title) with a short line on what the page holds.
 * Pages whose features arrive in a later issue show just this, stating plainly what will be here.
 */
export function PageIntro({
  title,
  note,
  documentTitle,
  children,
  className,
}: {
  title: string;
  note?: ReactNode;
  documentTitle?: string;
  children?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={cn('grid gap-2', className)}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {note ? <p className="max-w-prose text-muted-foreground">{note}</p> : null}
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card, CardContent } from '../ui/card';
import { LoadFailed as UiLoadFailed } from '../ui/load-failed';

/** A failed load: the product's message, the reason, and Retry (the back office's word for it). */
export function LoadFailed(props: { title: string; message?: string; onRetry?: () => void }) {
  return <UiLoadFailed {...props} retryLabel="Retry" />;
}

/** A number card of the Overview and the Drivers badges. */
export function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 pt-6">
        <div className="grid min-w-0 gap-1 break-words">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="text-3xl font-bold tabular-nums">{value}</p>
          {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
        </div>
        {icon ? (
          <span className="grid size-10 shrink-0 place-items-center rounded-md bg-primary-soft text-primary [&_svg]:size-5">
            {icon}
          </span>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A page heading with its actions on the right. */
export function AdminHeader({ title, note, actions }: { title: string; note?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {note ? <p className="text-muted-foreground">{note}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

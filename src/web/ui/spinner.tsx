import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '../lib/cn';

/** A spinning indicator; give it a label when it stands alone so screen readers hear what is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** A centred spinner for a page or panel that is loading. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" />
      <p className="text-sm">{label}</p>
    </div>
  );
}

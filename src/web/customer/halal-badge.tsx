import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldQuestion from 'lucide-react/icons/shield-question-mark';
import { halalStatusLabel } from '../../domain/halal';
import { cn } from '../lib/cn';

const STYLES: Record<string, string> = {
  verified: 'bg-primary-soft text-primary border-emerald-200',
  'self-declared': 'bg-accent text-accent-foreground border-amber-200',
  'temp-unverified': 'bg-accent text-accent-foreground border-amber-200',
  suspended: 'bg-destructive-soft text-destructive border-red-200',
};

/** The branch's halal status in the customer's words (docs/product/customer.md#halal-status). */
export function HalalBadge({ status, className }: { status: string; className?: string }) {
  const Icon = status === 'verified' ? ShieldCheck : status === 'suspended' ? ShieldAlert : ShieldQuestion;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STYLES[status] ?? 'border-border bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {halalStatusLabel(status)}
    </span>
  );
}

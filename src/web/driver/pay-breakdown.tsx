import type { JobSummary } from '../../domain/contracts/driver/jobs';
import { formatPrice } from '../lib/format';

/** A job's pay, line by line, adding up to the total (domain/pay.ts). */
export function PayBreakdown({ pay }: { pay: JobSummary['pay'] }) {
  const lines: [string, number][] = [
    [pay.model === 'option_b' ? 'Delivery fee share' : 'Pickup pay', pay.pickupPayMinor],
    ['Distance pay', pay.distancePayMinor],
  ];
  if (pay.boostMinor) lines.push(['Long-distance boost', pay.boostMinor]);
  if (pay.adjustmentMinor > 0) lines.push(['Minimum pay top-up', pay.adjustmentMinor]);
  if (pay.adjustmentMinor < 0) lines.push(['£6.00 cap', pay.adjustmentMinor]);
  return (
    <dl className="grid gap-1 text-sm">
      {lines.map(([label, minor]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{formatPrice(minor)}</dd>
        </div>
      ))}
      {pay.tipMinor ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Customer tip</dt>
          <dd className="tabular-nums">{formatPrice(pay.tipMinor)}</dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
        <dt>You earn</dt>
        <dd className="tabular-nums">{formatPrice(pay.totalWithTipMinor)}</dd>
      </div>
    </dl>
  );
}

import { serviceFeeFor } from '../../domain/ledger';
import { formatPrice } from '../lib/format';
import { usePlatformInfo } from '../lib/platform-info';

/**
 * The service fee the server will charge on this food subtotal, by the same rule
 * (docs/product/customer.md#cart): 0 while the platform charges none or its settings are loading.
 */
export function useServiceFee(subtotalMinor: number): number {
  const percent = usePlatformInfo().data?.serviceFeePercent ?? 0;
  return serviceFeeFor(subtotalMinor, percent);
}

/** The summary's "Service fee" line, shown only when there is one. */
export function ServiceFeeRow({ feeMinor }: { feeMinor: number }) {
  if (feeMinor <= 0) return null;
  return (
    <div className="flex justify-between">
      <dt>Service fee</dt>
      <dd className="tabular-nums">{formatPrice(feeMinor)}</dd>
    </div>
  );
}

import type { ReorderResponse } from '../../domain/contracts/orders/reorder';

/** The lines' names, comma-separated. */
export function reorderNames(lines: ReorderResponse['unavailable']): string {
  return lines.map((l) => l.name).join(', ');
}

/**
 * What could not be re-added as it was, in the customer's words (docs/product/customer.md#reorder):
 * "Not added to your cart: Turkish Tea. Its options have changed, choose them again: Chicken Wrap."
 */
export function reorderMissingText(lines: ReorderResponse['unavailable']): string {
  const gone = lines.filter((l) => l.reason === 'unavailable');
  const changed = lines.filter((l) => l.reason === 'options');
  return [
    gone.length ? `Not added to your cart: ${reorderNames(gone)}.` : '',
    changed.length
      ? `${changed.length === 1 ? 'Its options have' : 'Their options have'} changed, choose them again: ${reorderNames(changed)}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

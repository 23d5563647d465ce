import type { ReorderResponse } from '../../domain/contracts/orders/reorder';
import { formatPence } from '../../domain/money';

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

/**
 * What changed in the restaurant's offer since the order (docs/decisions/0272-order-again-with-offers.md):
 * "Offer ended: …", "New offer: …" or "Offer changed: …"; empty when the same offer still applies
 * or there was none and is none. The cart's prices are the server's either way.
 */
export function reorderOfferText(offer: ReorderResponse['offer']): string {
  const { then, now } = offer;
  if (then && !now) return `Offer ended: ${then.label} no longer applies, so your total may be higher than last time.`;
  if (!then && now) return `New offer: ${now.label}, saving ${formatPence(now.savingMinor)} on this order.`;
  if (then && now && then.label !== now.label)
    return `Offer changed: ${then.label} has ended; ${now.label} applies now.`;
  return '';
}

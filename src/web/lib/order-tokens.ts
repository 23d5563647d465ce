/** Browser storage key of a visitor's order tokens: a JSON map from order number to token. */
export const ORDER_TOKENS_KEY = 'halalnosh-order-tokens';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(ORDER_TOKENS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

/**
 * The secret a visitor's browser got when placing this order; it proves the order is theirs
 * (docs/product/orders.md#who-may-see-an-order). Undefined for a signed-in customer's order.
 */
export function orderTokenFor(orderNumber: string): string | undefined {
  return readAll()[orderNumber];
}

/** Keeps a visitor's order token for the tracking page, its live updates and its actions. */
export function saveOrderToken(orderNumber: string, token: string): void {
  try {
    window.localStorage.setItem(ORDER_TOKENS_KEY, JSON.stringify({ ...readAll(), [orderNumber]: token }));
  } catch {
    // Without storage the order page of this visit still works from the answer in memory.
  }
}

/** The x-order-token header for an order, when this browser holds its token. */
export function orderTokenHeaders(orderNumber: string): Record<string, string> | undefined {
  const token = orderTokenFor(orderNumber);
  return token ? { 'x-order-token': token } : undefined;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useCallback, useMemo } from 'react';
import { type CartItem, type PriceChange, priceChanges } from '../../domain/cart';
import type { OrderQuote, PriceChangedDetails } from '../../domain/contracts/orders/quote-order';
import type { OrderType } from '../../domain/order-flow';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatPrice } from '../lib/format';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** What checkout asks the server to price: the cart's lines, never its prices. */
function quoteBody(siteId: string, orderType: OrderType, items: CartItem[], voucherCode: string | null) {
  return {
    siteId,
    orderType,
    // The voucher code the customer applied; the server answers its saving or why it does not apply.
    ...(voucherCode ? { voucherCode } : {}),
    items: items.map((i) => ({
      menuItemId: i.menuItemId ?? i.id,
      quantity: i.quantity,
      ...(i.options?.length ? { optionIds: i.options.map((o) => o.id) } : {}),
    })),
  };
}

/** The quote in a refused order's 409, when the server sent one (a price changed). */
export function quoteOfRefusal(error: unknown): OrderQuote | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const quote = (error.details as PriceChangedDetails | undefined)?.quote;
  return quote && typeof quote.totalMinor === 'number' ? quote : null;
}

/**
 * The cart priced by the server now (POST /api/orders/quote), asked when checkout opens and when
 * the lines or the order type change (docs/decisions/0209-checkout-reprices-before-placing.md).
 * `changes` are the lines whose price moved since they were added; `replace` puts a refused order's
 * quote in place without asking again.
 */
export function useCheckoutQuote(
  siteId: string,
  orderType: OrderType,
  items: CartItem[],
  enabled: boolean,
  voucherCode: string | null = null,
) {
  const body = useMemo(() => quoteBody(siteId, orderType, items, voucherCode), [siteId, orderType, items, voucherCode]);
  const queryKey = useMemo(() => ['checkout-quote', body] as const, [body]);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => call(endpoints.orders.postOrdersQuote, { body, signal }),
    // Keeps the last quote on screen while a voucher code is checked.
    placeholderData: (previous) => previous,
    enabled: enabled && Boolean(siteId) && items.length > 0,
    staleTime: 0,
    // An item no longer on the menu is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const quote = query.data?.quote ?? null;
  const changes = useMemo(() => (quote ? priceChanges(items, quote.lines) : []), [quote, items]);
  const replace = useCallback(
    (next: OrderQuote) => queryClient.setQueryData(queryKey, { quote: next }),
    [queryClient, queryKey],
  );
  return { quote, changes, error: query.error, replace, fetching: query.isFetching };
}

/**
 * "Prices have changed": each line that moved, old → new, the new total and "Accept new prices";
 * Place Order waits for it (docs/product/customer.md#checkout).
 */
export function PriceChangeAlert({
  changes,
  totalMinor,
  onAccept,
}: {
  changes: PriceChange[];
  totalMinor: number;
  onAccept: () => void;
}) {
  return (
    <Alert variant="warning" role="alert" aria-labelledby="price-change-title" className="grid gap-2">
      <p id="price-change-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="shrink-0" />
        Prices have changed
      </p>
      {changes.length ? (
        <>
          <p>The restaurant changed these prices since you added them to your cart:</p>
          <ul className="grid gap-1" aria-label="Changed prices">
            {changes.map((c) => (
              <li key={c.id} className="flex justify-between gap-3">
                <span className="min-w-0">
                  {c.quantity}x {c.name}
                </span>
                <span className="tabular-nums">
                  <s aria-label={`was ${formatPrice(c.oldMinor)}`}>{formatPrice(c.oldMinor)}</s>
                  {' → '}
                  <span aria-label={`now ${formatPrice(c.newMinor)}`} className="font-semibold">
                    {formatPrice(c.newMinor)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        New total: <span className="font-semibold tabular-nums">{formatPrice(totalMinor)}</span>
      </p>
      <Button type="button" onClick={onAccept} className="justify-self-start">
        Accept new prices
      </Button>
    </Alert>
  );
}

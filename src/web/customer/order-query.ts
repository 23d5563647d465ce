import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getOrderResponse } from '../../domain/contracts/orders/get-order';
import { isClientError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { orderTokenHeaders } from '../lib/order-tokens';

export type GetOrderResponse = z.infer<typeof getOrderResponse>;

export function orderQueryKey(orderNumber: string) {
  return ['order', orderNumber] as const;
}

/**
 * GET /api/orders/{number}, with the visitor's x-order-token when this browser placed the order.
 * The page follows it live (no polling); an unknown or someone else's order is a 404.
 */
export function useOrder(orderNumber: string) {
  return useQuery({
    queryKey: orderQueryKey(orderNumber),
    queryFn: ({ signal }) =>
      call(endpoints.orders.getOrdersByOrderNumber, {
        params: { orderNumber },
        signal,
        headers: orderTokenHeaders(orderNumber),
      }),
    retry: (count, error) => !isClientError(error) && count < 3,
  });
}

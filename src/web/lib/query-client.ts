import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

const MAX_RETRIES = 3;

/** Exponential backoff from 1 s, capped at 30 s (docs/product/customer.md#global-screens). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Retries server and network failures up to 3 times; a 4xx answer is final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}

/** The app's query client with the product's data-fetching defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}

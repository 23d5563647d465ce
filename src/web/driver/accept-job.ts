import type { QueryClient } from '@tanstack/react-query';
import type { JobDetailResponse } from '../../domain/contracts/driver/jobs';
import { DELIVERY_MESSAGES } from '../../domain/driver-flow';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { driverKeys } from './driver-api';

/** The toast for a failed accept: the product's own words for the known refusals (docs/product/driver.md#jobs-board). */
export function acceptErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // The accept's 409s are the product's own sentences (offline, taken): said as they are, by code, not by words.
    if (error.code === 'CONFLICT') return error.message;
    if (error.status === 404) return DELIVERY_MESSAGES.taken;
    return `Failed to accept job: ${error.message}`;
  }
  return 'Failed to accept job: Please try again.';
}

/** Accepts a job and primes the delivery page with the answer. */
export async function acceptJob(queryClient: QueryClient, jobId: string): Promise<JobDetailResponse> {
  const res = await call(endpoints.dispatch.postDriverJobsByJobIdAccept, { params: { jobId } });
  queryClient.setQueryData(driverKeys.job(jobId), res);
  void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
  return res;
}

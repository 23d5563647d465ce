import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { DriverProfile } from '../../domain/contracts/driver/get-profile';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';

/** Query keys of the driver app, so a live event can refresh exactly what it touches. */
export const driverKeys = {
  profile: ['driver', 'profile'] as const,
  jobs: (limit: number) => ['driver', 'jobs', limit] as const,
  allJobs: ['driver', 'jobs'] as const,
  job: (id: string) => ['driver', 'job', id] as const,
  earnings: ['driver', 'earnings'] as const,
};

/** The driver's cash balance (docs/product/driver.md#cash); refreshed when a delivery completes. */
export const driverCashKey = ['driver', 'cash'] as const;

/** docs/product/driver.md#jobs-board: the job list refreshes every 30 s (live events make it sooner). */
export const JOB_LIST_REFRESH_MS = 30_000;
/** The delivery page refreshes its job every 3 s while a step waits on someone else. */
export const JOB_REFRESH_MS = 3_000;

export function useDriverProfile() {
  return useQuery({
    queryKey: driverKeys.profile,
    queryFn: ({ signal }) => call(endpoints.driver.getDriverProfile, { signal }),
  });
}

export function useAvailableJobs(limit: number) {
  return useQuery({
    queryKey: driverKeys.jobs(limit),
    queryFn: ({ signal }) => call(endpoints.dispatch.getDriverJobs, { query: { limit }, signal }),
    refetchInterval: JOB_LIST_REFRESH_MS,
  });
}

export function fetchJob(id: string, signal?: AbortSignal) {
  return call(endpoints.dispatch.getDriverJobsByJobId, { params: { jobId: id }, signal });
}

export function useEarnings() {
  return useQuery({
    queryKey: driverKeys.earnings,
    queryFn: ({ signal }) => call(endpoints.driver.getDriverEarnings, { signal }),
  });
}

/** Goes online or offline and updates every cached view of the driver. */
export async function setOnline(queryClient: QueryClient, isOnline: boolean): Promise<void> {
  await call(endpoints.driver.patchDriverAvailability, { body: { isOnline } });
  queryClient.setQueryData<DriverProfile>(driverKeys.profile, (p) => (p ? { ...p, isOnline } : p));
  await queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
}

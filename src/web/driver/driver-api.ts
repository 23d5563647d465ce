import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { DriverProfile } from '../../domain/contracts/driver/get-profile';
import type { EarningsResponse } from '../../domain/contracts/driver/earnings';
import type { JobDetailResponse, ListJobsResponse } from '../../domain/contracts/driver/jobs';
import { isErrorBody } from '../../domain/errors';
import { ApiError, api } from '../lib/api';

/** Query keys of the driver app, so a live event can refresh exactly what it touches. */
export const driverKeys = {
  profile: ['driver', 'profile'] as const,
  jobs: (limit: number) => ['driver', 'jobs', limit] as const,
  allJobs: ['driver', 'jobs'] as const,
  job: (id: string) => ['driver', 'job', id] as const,
  earnings: ['driver', 'earnings'] as const,
};

/** docs/product/driver.md#jobs-board: the job list refreshes every 30 s (live events make it sooner). */
export const JOB_LIST_REFRESH_MS = 30_000;
/** The delivery page refreshes its job every 3 s while a step waits on someone else. */
export const JOB_REFRESH_MS = 3_000;

export function useDriverProfile() {
  return useQuery({
    queryKey: driverKeys.profile,
    queryFn: ({ signal }) => api<DriverProfile>('/api/driver/profile', { signal }),
  });
}

export function useAvailableJobs(limit: number) {
  return useQuery({
    queryKey: driverKeys.jobs(limit),
    queryFn: ({ signal }) => api<ListJobsResponse>(`/api/driver/jobs?limit=${limit}`, { signal }),
    refetchInterval: JOB_LIST_REFRESH_MS,
  });
}

export function fetchJob(id: string, signal?: AbortSignal) {
  return api<JobDetailResponse>(`/api/driver/jobs/${encodeURIComponent(id)}`, { signal });
}

export function useEarnings() {
  return useQuery({
    queryKey: driverKeys.earnings,
    queryFn: ({ signal }) => api<EarningsResponse>('/api/driver/earnings', { signal }),
  });
}

/** Goes online or offline and updates every cached view of the driver. */
export async function setOnline(queryClient: QueryClient, isOnline: boolean): Promise<void> {
  await api('/api/driver/availability', { method: 'PATCH', body: { isOnline } });
  queryClient.setQueryData<DriverProfile>(driverKeys.profile, (p) => (p ? { ...p, isOnline } : p));
  await queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
}

/**
 * Uploads one file to private storage (POST /api/uploads?purpose=...), answering its id.
 * The server checks what the file really is; its refusal comes back as an ApiError.
 */
export async function uploadFile(
  file: Blob,
  filename: string,
  purpose: 'driver_document' | 'proof_of_delivery',
): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', file, filename);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?purpose=${purpose}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Could not reach HalalNosh. Check your connection and try again.', 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(data.error.code, data.error.message, response.status);
    throw new ApiError('INTERNAL', 'Upload failed', response.status);
  }
  return data as { id: string; url: string };
}

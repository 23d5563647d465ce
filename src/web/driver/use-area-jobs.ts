import { useQueryClient } from '@tanstack/react-query';
import { type LiveEvent, useLiveEvents } from '../lib/live';
import { driverKeys, useAvailableJobs } from './driver-api';

const JOB_EVENTS = new Set(['job.created', 'job.taken', 'job.updated']);

/**
 * The open offers in the driver's area, pushed live: a job appearing or being taken on
 * `jobs:{AREA}` refetches the list at once (the 30 s refresh is only a safety net).
 */
export function useAreaJobs(limit: number) {
  const queryClient = useQueryClient();
  const query = useAvailableJobs(limit);
  const area = query.data?.area ?? null;
  const onEvent = (event: LiveEvent) => {
    if (JOB_EVENTS.has(event.type)) void queryClient.invalidateQueries({ queryKey: driverKeys.allJobs });
  };
  useLiveEvents(area ? [`jobs:${area}`] : [], onEvent, { enabled: !!area });
  return query;
}

import { topicName } from '../../domain/topics';
import { useLiveEvents } from '../lib/live';
import { driverKeys, useAvailableJobs } from './driver-api';

/**
 * The open offers in the driver's area, pushed live: a job appearing or being taken on
 * `jobs:{AREA}` refetches the list at once (the 30 s refresh is only a safety net).
 */
export function useAreaJobs(limit: number) {
  const query = useAvailableJobs(limit);
  const area = query.data?.area ?? null;
  useLiveEvents(area ? [topicName.jobs(area)] : [], {
    enabled: !!area,
    refetch: [driverKeys.allJobs],
    refetchOn: ['job.created', 'job.taken', 'job.updated'],
  });
  return query;
}

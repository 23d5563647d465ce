import { topicName } from '../../domain/topics';
import { useLiveEvents } from '../lib/live';
import { useMe } from '../lib/me';
import { driverKeys, useAvailableJobs } from './driver-api';

/**
 * The open offers within the driver's radius, pushed live: a job that reaches this driver, or one
 * they could see being taken, arrives on their own `user:{id}` topic and refetches the list at once
 * (docs/decisions/0158-dispatch-by-distance.md; the 30 s refresh is only a safety net).
 */
export function useAreaJobs(limit: number) {
  const query = useAvailableJobs(limit);
  const user = useMe().data?.user;
  useLiveEvents(user ? [topicName.user(user.id)] : [], {
    enabled: !!user,
    refetch: [driverKeys.allJobs],
    refetchOn: ['job.created', 'job.taken', 'job.updated'],
  });
  return query;
}

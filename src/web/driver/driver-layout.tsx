import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { topicName } from '../../domain/topics';
import { useLiveEvents } from '../lib/live';
import { meQueryKey, refreshMe, useMe } from '../lib/me';
import { driverKeys } from './driver-api';
import { DriverFrame } from './driver-frame';

/**
 * Pages of approved drivers (behind the driver guard). A status change by the back office
 * (suspension) and new earnings arrive live on `user:{id}`.
 */
export function DriverLayout() {
  const queryClient = useQueryClient();
  const user = useMe().data?.user;
  useLiveEvents(user ? [topicName.user(user.id)] : [], {
    enabled: !!user,
    refetch: [meQueryKey, driverKeys.earnings],
    on: {
      'driver.status': () => void refreshMe(queryClient),
      'earnings.updated': () => void queryClient.invalidateQueries({ queryKey: driverKeys.earnings }),
    },
  });
  return (
    <DriverFrame nav>
      <Outlet />
    </DriverFrame>
  );
}

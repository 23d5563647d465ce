import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { type LiveEvent, useLiveEvents } from '../lib/live';
import { refreshMe, useMe } from '../lib/me';
import { driverKeys } from './driver-api';
import { DriverFrame } from './driver-frame';

/**
 * Pages of approved drivers (behind the driver guard). A status change by the back office
 * (suspension) and new earnings arrive live on `user:{id}`.
 */
export function DriverLayout() {
  const queryClient = useQueryClient();
  const user = useMe().data?.user;
  const onEvent = (event: LiveEvent) => {
    if (event.type === 'driver.status') void refreshMe(queryClient);
    if (event.type === 'earnings.updated') void queryClient.invalidateQueries({ queryKey: driverKeys.earnings });
  };
  useLiveEvents(user ? [`user:${user.id}`] : [], onEvent, { enabled: !!user });
  return (
    <DriverFrame nav>
      <Outlet />
    </DriverFrame>
  );
}

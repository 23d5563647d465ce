import { Outlet } from 'react-router';
import { DriverFrame } from './driver-frame';

/** Pages of approved drivers (behind the driver guard). */
export function DriverLayout() {
  return (
    <DriverFrame nav>
      <Outlet />
    </DriverFrame>
  );
}

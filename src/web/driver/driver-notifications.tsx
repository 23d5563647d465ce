import { DRIVER_NOTIFICATION_EVENTS } from '../../domain/notifications';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { NotificationGrid } from '../ui/notification-grid';

/** The driver's notification settings: new jobs in their area, a job taken, an order ready (docs/product/driver.md#notifications). */
export function DriverNotifications() {
  return (
    <section aria-labelledby="driver-notifications" className="grid gap-3">
      <div>
        <h2 id="driver-notifications" className="text-lg font-semibold">
          Notifications
        </h2>
        <p className="text-sm text-muted-foreground">Choose how we tell you about jobs.</p>
      </div>
      <NotificationGrid
        events={DRIVER_NOTIFICATION_EVENTS}
        queryKey={['driver', 'notifications']}
        load={(signal) => call(endpoints.driver.getDriverNotifications, { signal })}
        save={(settings) => call(endpoints.driver.putDriverNotifications, { body: { settings } })}
        caption="Which job updates reach you on which channel"
        rowHeading="Job update"
      />
    </section>
  );
}

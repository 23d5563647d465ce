import { NOTIFICATION_EVENTS } from '../../domain/notifications';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { NotificationGrid } from '../ui/notification-grid';
import { PushOptIn } from '../ui/push-opt-in';

const KEY = ['account', 'notifications'] as const;

/** The Notifications tab: SMS, email and push for each order event (docs/product/customer.md#account). */
export function AccountNotifications() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="text-sm text-muted-foreground">Choose how we tell you about your orders.</p>
      </div>
      <PushOptIn description="Push updates you switch on below reach this device, even with HalalNosh closed." />
      <NotificationGrid
        events={NOTIFICATION_EVENTS}
        queryKey={KEY}
        load={(signal) => call(endpoints.account.getAccountNotifications, { signal })}
        save={(settings) => call(endpoints.account.putAccountNotifications, { body: { settings } })}
        caption="Which order updates reach you on which channel"
        rowHeading="Order update"
      />
    </div>
  );
}

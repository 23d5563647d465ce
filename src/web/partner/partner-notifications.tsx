import { PARTNER_NOTIFICATION_EVENTS } from '../../domain/notifications';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { NotificationGrid } from '../ui/notification-grid';

/** The partner's own notification settings, for every branch they work at (docs/product/partner.md#notifications). */
export function PartnerNotifications() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your notifications</CardTitle>
        <CardDescription>How you hear about new and cancelled orders at every branch you work at.</CardDescription>
      </CardHeader>
      <CardContent>
        <NotificationGrid
          events={PARTNER_NOTIFICATION_EVENTS}
          queryKey={['partner', 'notifications']}
          load={(signal) => call(endpoints.partner.getPartnerNotifications, { signal })}
          save={(settings) => call(endpoints.partner.putPartnerNotifications, { body: { settings } })}
          caption="Which order updates reach you on which channel"
          rowHeading="Order update"
        />
      </CardContent>
    </Card>
  );
}

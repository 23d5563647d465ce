/** Customer notification preferences (docs/product/customer.md#account): three channels times six order events, all on by default. */
export const NOTIFICATION_CHANNELS = ['SMS', 'EMAIL', 'PUSH'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_EVENTS = [
  { key: 'orderAccepted', spec: 'order_accepted', label: 'Order accepted' },
  { key: 'driverAssigned', spec: 'driver_assigned', label: 'Driver assigned' },
  { key: 'driverArrived', spec: 'driver_arrived', label: 'Driver arrived' },
  { key: 'outForDelivery', spec: 'out_for_delivery', label: 'Out for delivery' },
  { key: 'delivered', spec: 'delivered', label: 'Delivered' },
  { key: 'orderLate', spec: 'order_late', label: 'Order running late' },
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['key'];

export type ChannelPreferences = Record<NotificationEvent, boolean>;
export type NotificationPreferences = Record<NotificationChannel, ChannelPreferences>;

/** Every event on, for a channel the customer never saved. */
export function allOn(): ChannelPreferences {
  return Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.key, true])) as ChannelPreferences;
}

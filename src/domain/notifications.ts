import { formatPhone } from './phone';

/**
 * Notification preferences (docs/product/orders.md#notifications): per audience, a grid of three
 * channels times that audience's events, every cell on until the person turns it off. The server
 * enforces the grid when it enqueues a notification (docs/decisions/0141-notification-preferences.md).
 */
export const NOTIFICATION_CHANNELS = ['SMS', 'EMAIL', 'PUSH'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The delivery channel (server side, platform/notify/channels.ts) behind each grid column. */
export const DELIVERY_CHANNEL_OF = { SMS: 'sms', EMAIL: 'email', PUSH: 'push' } as const satisfies Record<
  NotificationChannel,
  string
>;
export type GridDeliveryChannel = (typeof DELIVERY_CHANNEL_OF)[NotificationChannel];

export function gridChannelOf(channel: GridDeliveryChannel): NotificationChannel {
  return channel === 'sms' ? 'SMS' : channel === 'email' ? 'EMAIL' : 'PUSH';
}

/** The customer's order events (the account's Notifications tab). */
export const NOTIFICATION_EVENTS = [
  { key: 'orderPlaced', spec: 'order_placed', label: 'Order placed (receipt)' },
  { key: 'orderAccepted', spec: 'order_accepted', label: 'Order accepted' },
  { key: 'orderRejected', spec: 'order_rejected', label: 'Order rejected' },
  { key: 'driverAssigned', spec: 'driver_assigned', label: 'Driver assigned' },
  { key: 'driverArrived', spec: 'driver_arrived', label: 'Driver arrived' },
  { key: 'outForDelivery', spec: 'out_for_delivery', label: 'Out for delivery' },
  { key: 'delivered', spec: 'delivered', label: 'Delivered or collected' },
  { key: 'orderLate', spec: 'order_late', label: 'Order running late' },
  { key: 'orderCancelled', spec: 'order_cancelled', label: 'Order cancelled' },
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['key'];

/** The driver's events (the driver's Settings). */
export const DRIVER_NOTIFICATION_EVENTS = [
  { key: 'newJob', label: 'New job in my area (while online)' },
  { key: 'jobTaken', label: 'Job taken by another driver' },
  { key: 'orderReady', label: 'Order ready for pickup' },
] as const;
export type DriverNotificationEvent = (typeof DRIVER_NOTIFICATION_EVENTS)[number]['key'];

/** The partner's events (the console's Notifications settings), for every branch they work at. */
export const PARTNER_NOTIFICATION_EVENTS = [
  { key: 'newOrder', label: 'New order' },
  { key: 'branchOrderCancelled', label: 'Order cancelled' },
] as const;
export type PartnerNotificationEvent = (typeof PARTNER_NOTIFICATION_EVENTS)[number]['key'];

/** Every switchable kind. */
export type PreferenceKind = NotificationEvent | DriverNotificationEvent | PartnerNotificationEvent;

/**
 * Service messages that are not in any grid: they answer something the person asked for (an
 * application, a ticket, a certificate, a city suggestion) and go by e-mail only.
 */
export const SERVICE_NOTIFICATION_KINDS = [
  'driverApplication',
  'ticketReply',
  'halalCertificate',
  'cityOpened',
  'opsAlert',
  'restaurantReview',
  'emailChange',
  'groupOrder',
] as const;
export type ServiceNotificationKind = (typeof SERVICE_NOTIFICATION_KINDS)[number];

export type NotificationKind = PreferenceKind | ServiceNotificationKind;

export const PREFERENCE_KINDS: readonly PreferenceKind[] = [
  ...NOTIFICATION_EVENTS.map((e) => e.key),
  ...DRIVER_NOTIFICATION_EVENTS.map((e) => e.key),
  ...PARTNER_NOTIFICATION_EVENTS.map((e) => e.key),
];

export function isPreferenceKind(kind: string): kind is PreferenceKind {
  return (PREFERENCE_KINDS as readonly string[]).includes(kind);
}

export type ChannelPreferences = Record<NotificationEvent, boolean>;
export type NotificationPreferences = Record<NotificationChannel, ChannelPreferences>;

/** Every event on, for a channel the customer never saved. */
export function allOn(): ChannelPreferences {
  return Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.key, true])) as ChannelPreferences;
}

/** A stored switch: absent means on. */
export type StoredPreference = { channel: GridDeliveryChannel; kind: string; enabled: boolean };

/** The grid for a list of events from the stored switches (absent: on). */
export function preferenceGrid<K extends string>(
  events: readonly { key: K }[],
  stored: readonly StoredPreference[],
): Record<NotificationChannel, Record<K, boolean>> {
  const off = new Set(stored.filter((s) => !s.enabled).map((s) => `${s.channel}:${s.kind}`));
  const grid = {} as Record<NotificationChannel, Record<K, boolean>>;
  for (const c of NOTIFICATION_CHANNELS) {
    grid[c] = Object.fromEntries(events.map((e) => [e.key, !off.has(`${DELIVERY_CHANNEL_OF[c]}:${e.key}`)])) as Record<
      K,
      boolean
    >;
  }
  return grid;
}

/** The switches a saved grid stands for, one per cell. */
export function gridToPreferences<K extends string>(
  events: readonly { key: K }[],
  grid: Record<NotificationChannel, Record<K, boolean>>,
): StoredPreference[] {
  return NOTIFICATION_CHANNELS.flatMap((c) =>
    events.map((e) => ({ channel: DELIVERY_CHANNEL_OF[c], kind: e.key, enabled: grid[c][e.key] })),
  );
}

/** The label of a kind for the unsubscribe page and the admin list. */
export function notificationKindLabel(kind: string): string {
  const all: readonly { key: string; label: string }[] = [
    ...NOTIFICATION_EVENTS,
    ...DRIVER_NOTIFICATION_EVENTS,
    ...PARTNER_NOTIFICATION_EVENTS,
  ];
  return (
    all.find((e) => e.key === kind)?.label ??
    {
      driverApplication: 'Driver application decision',
      ticketReply: 'Support ticket reply',
      halalCertificate: 'Halal certificate decision',
      cityOpened: 'Suggested city opened',
      opsAlert: 'Operations alert',
      restaurantReview: 'Restaurant review decision',
      emailChange: 'E-mail change notice',
      groupOrder: 'Group order placed, cancelled or expired',
    }[kind] ??
    kind
  );
}

/** Exponential back-off between attempts (docs/decisions/0140-notification-outbox.md): 30 s, 1, 2, 4… min, capped at 1 h. */
export const MAX_NOTIFICATION_ATTEMPTS = 6;
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Who a notification went (or goes) to, as the back office reads it (docs/product/admin.md#notifications):
 * a phone in UK style (stored in E.164: docs/decisions/0208-phones-in-e164.md), an e-mail as written,
 * a push by its account. A row left with no address and no account is one whose person deleted their
 * account, which erases the copies (docs/decisions/0207-account-deletion-erases-copies.md):
 * "Deleted customer".
 */
export function notificationRecipientLabel(r: {
  channel: 'email' | 'sms' | 'push';
  recipientEmail: string | null;
  recipientPhone: string | null;
  recipientUserId: string | null;
}): string {
  if (r.channel === 'sms' && r.recipientPhone) return formatPhone(r.recipientPhone);
  if (r.channel === 'email' && r.recipientEmail) return r.recipientEmail;
  if (r.recipientEmail) return r.recipientEmail;
  if (r.recipientPhone) return formatPhone(r.recipientPhone);
  if (r.recipientUserId) return 'Account';
  return DELETED_RECIPIENT;
}
export const DELETED_RECIPIENT = 'Deleted customer';

import { z } from 'zod';

/** GET/PUT /api/account/notifications: per channel (SMS, EMAIL, PUSH), six order events; all on until saved. */
const channel = z.object({
  orderAccepted: z.boolean(),
  driverAssigned: z.boolean(),
  driverArrived: z.boolean(),
  outForDelivery: z.boolean(),
  delivered: z.boolean(),
  orderLate: z.boolean(),
});

export const notificationSettings = z.object({ SMS: channel, EMAIL: channel, PUSH: channel });
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The PUT body and both answers: { settings: { SMS: {...}, EMAIL: {...}, PUSH: {...} } }. */
// Strict all the way down: a setting the server does not know is refused, not silently dropped.
const strictChannel = z.strictObject(channel.shape);
export const notificationSettingsBody = z.strictObject({
  settings: z.strictObject({ SMS: strictChannel, EMAIL: strictChannel, PUSH: strictChannel }),
});
export const notificationSettingsResponse = z.object({ settings: notificationSettings });

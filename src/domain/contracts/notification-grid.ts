import { z } from 'zod';

/**
 * A notification preferences grid (docs/product/orders.md#notifications): per channel (SMS, EMAIL,
 * PUSH), one switch per event of the audience. The answer and the strict PUT body of the
 * customer's, the driver's and the partner's settings.
 */
export function notificationGridContract<K extends string>(events: readonly { key: K }[]) {
  const shape = Object.fromEntries(events.map((e) => [e.key, z.boolean()])) as Record<K, z.ZodBoolean>;
  const channel = z.object(shape);
  // Strict all the way down: a setting the server does not know is refused, not silently dropped.
  const strictChannel = z.strictObject(shape);
  const settings = z.object({ SMS: channel, EMAIL: channel, PUSH: channel });
  return {
    settings,
    body: z.strictObject({ settings: z.strictObject({ SMS: strictChannel, EMAIL: strictChannel, PUSH: strictChannel }) }),
    response: z.object({ settings }),
  };
}

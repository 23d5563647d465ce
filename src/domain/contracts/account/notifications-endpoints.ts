import { z } from 'zod';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

/** The unsubscribe link's token (signed by the server; docs/product/orders.md#notifications). */
export const unsubscribeBody = z.strictObject({ token: z.string().min(10).max(500) });
export const unsubscribeResponse = z.object({
  /** The switched-off kind's label, e.g. "Order accepted". */
  kind: z.string(),
  channel: z.enum(['email', 'push', 'sms']),
});

/** Public: the e-mail's unsubscribe link flips one preference without signing in. */
export const unsubscribeEndpoints = {
  postUnsubscribe: api('POST /api/notifications/unsubscribe', POLICIES.public)
    .summary('Turn off one kind of notification from an e-mail link')
    .takes({ body: unsubscribeBody })
    .answers({ 200: unsubscribeResponse }),
};

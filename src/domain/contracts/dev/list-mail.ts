import { z } from 'zod';

/** The dev outbox (docs/decisions/0142-dev-outbox-all-channels.md): e-mail, push and SMS, newest first. */
export const listMailResponse = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['email', 'push', 'sms']),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().optional(),
      url: z.string().optional(),
      createdAt: z.string(),
    }),
  ),
});

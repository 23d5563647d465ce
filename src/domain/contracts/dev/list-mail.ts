import { z } from 'zod';

export const listMailResponse = z.object({
  mails: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
  ),
});

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createEmailSender } from './email-sender';
import type { Senders } from './outbox-worker';
import { createPushSender } from './push-sender';
import { createSmsSender } from './sms-sender';

export type SenderDeps = { config: Config; db: Db; log: { info(obj: object, msg: string): void } };

/**
 * The sender of each channel, where the outbox worker finds it (docs/decisions/0140-notification-outbox.md).
 * A channel left out here has its outbox rows marked `skipped` ("no push sender is configured").
 */
export function createSenders(deps: SenderDeps): Senders {
  return {
    email: createEmailSender(deps),
    push: createPushSender({ db: deps.db, vapid: deps.config.vapid, devOutbox: !deps.config.production }),
    sms: createSmsSender({
      db: deps.db,
      sms: deps.config.sms,
      publicUrl: deps.config.publicUrl,
      devOutbox: !deps.config.production,
    }),
  };
}

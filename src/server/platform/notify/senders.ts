import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createEmailSender } from './email-sender';
import type { Senders } from './outbox-worker';

export type SenderDeps = { config: Config; db: Db; log: { info(obj: object, msg: string): void } };

/**
 * The sender of each channel, where the outbox worker finds it (docs/decisions/0140-notification-outbox.md).
 * A channel left out here has its outbox rows marked `skipped` ("no push sender is configured").
 */
export function createSenders(deps: SenderDeps): Senders {
  return {
    email: createEmailSender(deps),
    // ── Web Push: register the push sender here (e.g. `push: createPushSender(deps),`).
    // ── SMS: register the SMS sender here (e.g. `sms: createSmsSender(deps),`).
  };
}

import type { SendOutcome } from '../tracing';

/**
 * The channels a notification goes out on, and the one shape every sender has: e-mail (SMTP or
 * the dev outbox), Web Push and SMS. The outbox worker picks the sender by channel and records
 * what it answered; a sender never throws for a refused message, it says whether a retry may help.
 */
export const DELIVERY_CHANNELS = ['email', 'push', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export type OutgoingMessage = {
  /** The outbox row's deduplication key (event, recipient, channel); providers that take an idempotency key get it. */
  dedupeKey: string;
  recipient: { userId: string | null; email?: string | null; phone?: string | null };
  /** E-mail subject and push title; SMS does not use it. */
  title: string;
  /** Plain text: the e-mail's text part, the push body, the SMS. */
  text: string;
  /** The e-mail's HTML part. */
  html?: string;
  /** The app path or absolute URL the notification opens (push click, e-mail link). */
  url?: string;
};

export type SendResult =
  | { ok: true; detail?: string }
  /** `retry`: a later attempt may succeed (timeouts, 5xx); false for a permanent refusal. */
  | { ok: false; retry: boolean; error: string };

/** What a send span records of an answer (docs/decisions/0241-traces-behind-an-endpoint.md): never its text. */
export function sendOutcome(result: SendResult): SendOutcome {
  return result.ok ? 'sent' : result.retry ? 'retry' : 'refused';
}

export interface ChannelSender {
  readonly channel: DeliveryChannel;
  send(message: OutgoingMessage): Promise<SendResult>;
}

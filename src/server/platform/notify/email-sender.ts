import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import type { ChannelSender, SendResult } from './channels';
import { recordDevDelivery } from './dev-outbox';

type SmtpError = { responseCode?: number; code?: string; message?: string };

/** A 5xx SMTP answer is a refusal (bad address, policy); anything else (4xx, network) may pass later. */
function smtpFailure(err: unknown): SendResult {
  const e = (err ?? {}) as SmtpError;
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
  return { ok: false, retry: !permanent, error: e.message ?? String(err) };
}

/**
 * The e-mail channel: SMTP through SMTP_URL, or with none configured the dev outbox. Every mail is
 * recorded in `mail_outbox` under the outbox row's dedupe key before it goes: a retry of a key
 * already marked sent is answered "sent" without sending again, and the Message-ID is derived
 * from the key, so a mail re-sent after a crash between send and record carries the same
 * Message-ID and mail systems treat it as the same message (docs/decisions/0140-notification-outbox.md).
 */
export function createEmailSender(deps: { config: Config; db: Db }): ChannelSender {
  const { config, db } = deps;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    channel: 'email',
    async send(message) {
      const to = message.recipient.email;
      if (!to) return { ok: false, retry: false, error: 'no e-mail address' };
      if (!transport) {
        const recorded = await recordDevDelivery(db, {
          channel: 'email',
          to,
          title: message.title,
          text: message.text,
          html: message.html,
          url: message.url,
          dedupeKey: message.dedupeKey,
        });
        return { ok: true, detail: recorded ? 'dev outbox' : 'already in the dev outbox' };
      }
      const [previous] = await db
        .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, message.dedupeKey));
      if (previous?.sentAt) return { ok: true, detail: 'already sent' };
      const id =
        previous?.id ??
        (
          await db
            .insert(mailOutbox)
            .values({
              to,
              subject: message.title,
              text: message.text,
              html: message.html ?? null,
              url: message.url ?? null,
              transport: 'smtp',
              dedupeKey: message.dedupeKey,
            })
            .onConflictDoUpdate({ target: mailOutbox.dedupeKey, set: { error: null } })
            .returning({ id: mailOutbox.id })
        )[0].id;
      const messageId = `<${createHash('sha256').update(message.dedupeKey).digest('hex').slice(0, 32)}@halalnosh>`;
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to,
          subject: message.title,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          messageId,
        });
      } catch (err) {
        const failure = smtpFailure(err);
        await db
          .update(mailOutbox)
          .set({ error: failure.ok ? null : failure.error })
          .where(eq(mailOutbox.id, id));
        return failure;
      }
      await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
      return { ok: true, detail: 'smtp' };
    },
  };
}

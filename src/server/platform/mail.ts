import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { traceSend } from './tracing';
import { mailOutbox } from '../db/schema/index';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Sends mail through SMTP_URL; with no SMTP configured every mail is kept in the dev outbox
 * (mail_outbox, readable at /dev/mail in demo mode). Sent mail is recorded there too.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    // A span per mail when traces are on (docs/decisions/0241-traces-behind-an-endpoint.md): the channel and outcome, no address.
    send: (mail) =>
      traceSend(
        'email',
        () => send(mail),
        () => 'sent',
      ),
  };

  async function send(mail: Mail): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ ...mail, transport: transport ? 'smtp' : 'outbox' })
      .returning({ id: mailOutbox.id });
    if (!transport) {
      // The row names the address; the log only the row (docs/decisions/0231-logs-without-personal-data.md).
      log.info({ mailId: row.id, subject: mail.subject }, 'mail kept in the dev outbox');
      return;
    }
    try {
      await transport.sendMail({ from: config.mailFrom, ...mail });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      log.error({ err, mailId: row.id }, 'mail could not be sent');
      await db
        .update(mailOutbox)
        .set({ error: String(err) })
        .where(eq(mailOutbox.id, row.id));
      throw err;
    }
  }
}

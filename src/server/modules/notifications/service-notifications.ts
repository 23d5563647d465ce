import type { DbOrTx } from '../../db/client';
import { type NotificationRow, enqueueNotifications } from './enqueue';
import { COMPANY, statusMessage } from './templates';

/**
 * Service messages (docs/product/orders.md#notifications): answers to something the person asked
 * for, by e-mail only and not in any grid, written in the transaction of the decision. They name the
 * company of the settings (docs/decisions/0171-company-details-in-messages.md).
 */

/** A driver's application approved or rejected. */
export function notifyDriverApplication(
  tx: DbOrTx,
  d: { driverId: string; email: string; name: string | null; decision: 'approved' | 'rejected' },
) {
  const payload =
    d.decision === 'approved'
      ? statusMessage(
          `Welcome to ${COMPANY}: your driver account is approved`,
          `Salam ${d.name ?? ''}, your application has been approved. Sign in to start taking delivery jobs.`.replace(
            'Salam , ',
            'Salam, ',
          ),
          '/driver/login',
          'Sign in to the driver app',
        )
      : statusMessage(
          `Your ${COMPANY} driver application`,
          'We are sorry: your driver application has not been approved. Reply to this e-mail or contact support if you think this is a mistake.',
          '/driver/login',
          'Open the driver app',
        );
  return enqueueNotifications(tx, [
    {
      kind: 'driverApplication',
      eventId: `driver:${d.driverId}:${d.decision}:${Date.now()}`,
      channel: 'email',
      userId: d.driverId,
      email: d.email,
      payload,
    },
  ]);
}

/**
 * A staff reply on a support ticket, to the address the ticket was raised from, with a link to that
 * request on the reader's own Help page (`helpRequestPath`).
 */
export function notifyTicketReply(
  tx: DbOrTx,
  t: { messageId: string; ticketNumber: string; subject: string; email: string; message: string; path: string },
) {
  const row: NotificationRow = {
    kind: 'ticketReply',
    eventId: `ticket-message:${t.messageId}`,
    channel: 'email',
    email: t.email,
    payload: statusMessage(`Re: ${t.subject} [${t.ticketNumber}]`, t.message, t.path, 'Read and answer your request'),
  };
  return enqueueNotifications(tx, [row]);
}

/** A halal certificate approved or rejected, to everyone who works at the branch. */
export function notifyCertificateDecision(
  tx: DbOrTx,
  c: {
    certificateId: string;
    siteId: string;
    certificateNumber: string;
    decision: 'approved' | 'rejected';
    reason?: string;
  },
) {
  const sentence =
    c.decision === 'approved'
      ? `Halal certificate ${c.certificateNumber} has been approved.`
      : `Halal certificate ${c.certificateNumber} has been rejected: ${c.reason ?? ''}`.trim();
  return enqueueNotifications(tx, [
    {
      kind: 'halalCertificate',
      eventId: `certificate:${c.certificateId}:${c.decision}`,
      channel: 'email',
      staffOfSite: c.siteId,
      payload: statusMessage(
        `Halal certificate ${c.decision}`,
        sentence,
        `/partner/location/${c.siteId}`,
        'Open the location',
      ),
    },
  ]);
}

/**
 * A suggested city is open: one e-mail per address that suggested it (docs/product/admin.md#overview).
 * The event is the city, so an address told once is never told again, whoever marks it opened later.
 */
export function notifyCityOpened(tx: DbOrTx, c: { cityKey: string; city: string; path: string; emails: string[] }) {
  const payload = statusMessage(
    `${COMPANY} is now in ${c.city}`,
    `Salam! You asked us to come to ${c.city}, and ${COMPANY} is now open there. Order halal food from restaurants near you.`,
    c.path,
    `See restaurants in ${c.city}`,
  );
  return enqueueNotifications(
    tx,
    c.emails.map((email) => ({
      kind: 'cityOpened' as const,
      eventId: `city:${c.cityKey}:opened`,
      channel: 'email' as const,
      email,
      payload,
    })),
  );
}

/**
 * A change of the account e-mail was asked for: the old address is told, with the new one, so its
 * owner can act if it was not them (docs/decisions/0203-secret-check-limits.md).
 */
export function notifyEmailChangeRequested(tx: DbOrTx, c: { userId: string; oldEmail: string; newEmail: string }) {
  return enqueueNotifications(tx, [
    {
      kind: 'emailChange',
      eventId: `email-change:${c.userId}:${Date.now()}`,
      channel: 'email',
      email: c.oldEmail,
      payload: statusMessage(
        `Your ${COMPANY} e-mail address is being changed`,
        `Salam, someone signed in to your ${COMPANY} account asked to change its e-mail address from ${c.oldEmail} to ${c.newEmail}. The change happens once the link sent to the new address is opened, and every other device has been signed out. If it was not you, reset your password now and contact our support.`,
        '/auth',
        `Sign in to ${COMPANY}`,
      ),
    },
  ]);
}

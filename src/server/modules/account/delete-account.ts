import { type AnyColumn, type SQL, and, eq, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { FINAL_STATUSES } from '../../../domain/order-flow';
import type { WriteLimit } from '../../config';
import type { DbOrTx, Db } from '../../db/client';
import {
  account,
  auditLog,
  citySuggestions,
  customerAddresses,
  deliveryJobs,
  mailOutbox,
  notificationOutbox,
  orderNotes,
  orderRatings,
  orderStatusHistory,
  orders,
  reviews,
  sites,
  ticketMessages,
  tickets,
  user,
  userProfiles,
  verification,
} from '../../db/schema/index';
import type { Auth } from '../auth';
import { REMOVED, personalDetailsPattern, phonePattern } from './personal-traces';

/**
 * Deleting the account checks the password: 5 tries per account and 20 per IP in 15 minutes
 * (docs/decisions/0203-secret-check-limits.md).
 */
export const DELETE_ACCOUNT_LIMIT: WriteLimit = { perIp: 20, perAccount: 5 };
export const DELETE_ACCOUNT_WINDOW_SECONDS = 15 * 60;

/** What an anonymised order says instead of its customer's name (docs/decisions/0164-account-deletion.md). */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

async function passwordMatches(db: Db, auth: Auth, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash) return false;
  const context = await auth.$context;
  return context.password.verify({ hash: credential.hash, password });
}

/** The stored rating of each branch the customer reviewed, recounted without their reviews. */
async function recountRatings(tx: DbOrTx, siteIds: string[]): Promise<void> {
  if (!siteIds.length) return;
  await tx
    .update(sites)
    .set({
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.siteId} = ${sites.id})`,
      ratingAvg: sql`(select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.siteId} = ${sites.id})`,
    })
    .where(inArray(sites.id, siteIds));
}

type Traces = { userId: string; emails: string[]; phonesPattern: string | null; pattern: string | null };

/** What the person wrote or was written to as, read before the rows that hold it are anonymised. */
async function tracesOf(tx: DbOrTx, userId: string): Promise<Traces & { orderIds: string[]; jobIds: string[] }> {
  const [person] = await tx
    .select({
      email: user.email,
      name: user.name,
      profileEmail: userProfiles.email,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      displayName: userProfiles.displayName,
      phone: userProfiles.phone,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.id, userId));
  const addresses = await tx
    .select({ line1: customerAddresses.addressLine1, line2: customerAddresses.addressLine2 })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, userId));
  const own = await tx
    .select({
      id: orders.id,
      name: orders.customerName,
      phone: orders.customerPhone,
      email: orders.customerEmail,
      address: orders.deliveryAddress,
    })
    .from(orders)
    .where(eq(orders.customerId, userId));
  const orderIds = own.map((o) => o.id);
  const jobIds = orderIds.length
    ? (await tx.select({ id: deliveryJobs.id }).from(deliveryJobs).where(inArray(deliveryJobs.orderId, orderIds))).map(
        (j) => j.id,
      )
    : [];
  const emails = [
    ...new Set(
      [person?.email, person?.profileEmail, ...own.map((o) => o.email)]
        .filter((e): e is string => !!e)
        .map((e) => e.toLowerCase()),
    ),
  ];
  const phones = [person?.phone, ...own.map((o) => o.phone)];
  const fullName = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  const pattern = personalDetailsPattern({
    texts: [
      ...emails,
      person?.name,
      fullName,
      person?.displayName,
      person?.lastName,
      ...own.map((o) => o.name),
      ...addresses.flatMap((a) => [a.line1, a.line2]),
      ...own.map((o) => o.address),
    ],
    phones,
  });
  const phonePatterns = [...new Set(phones.map((p) => (p ? phonePattern(p) : null)).filter((p) => p !== null))];
  return {
    userId,
    emails,
    phonesPattern: phonePatterns.length ? `^(?:${phonePatterns.join('|')})$` : null,
    pattern,
    orderIds,
    jobIds,
  };
}

/**
 * The copies of a person's details outside their orders (docs/decisions/0164-account-deletion.md):
 * the notification outbox (recipient and text of every row to them or about their orders, which the
 * back office's order view lists), the dev outbox and SMTP record, their tickets and messages, the
 * notes, ratings and timeline of their orders, their city suggestions, the audit entries about them
 * and better-auth's pending tokens. Their details are cut out of texts, not the texts deleted, so
 * the records still say what happened.
 */
async function eraseTraces(tx: DbOrTx, t: Traces & { orderIds: string[]; jobIds: string[] }): Promise<void> {
  const { userId, emails, pattern, phonesPattern } = t;
  const cut = (column: AnyColumn): SQL =>
    pattern ? sql`regexp_replace(${column}, ${pattern}, ${REMOVED}, 'gi')` : sql`${column}`;
  const cutJson = (column: AnyColumn): SQL =>
    pattern ? sql`regexp_replace(${column}::text, ${pattern}, ${REMOVED}, 'gi')::jsonb` : sql`${column}`;
  const isEmail = (column: AnyColumn): SQL =>
    emails.length
      ? sql`lower(${column}) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`
      : sql`false`;
  const isPhone = (column: AnyColumn): SQL => (phonesPattern ? sql`${column} ~ ${phonesPattern}` : sql`false`);
  const eventPrefixes = [...t.orderIds.map((id) => `order:${id}:%`), ...t.jobIds.map((id) => `job:${id}%`)];

  await tx
    .update(notificationOutbox)
    .set({
      recipientEmail: sql`case when ${notificationOutbox.recipientUserId} = ${userId} or ${isEmail(notificationOutbox.recipientEmail)} then null else ${notificationOutbox.recipientEmail} end`,
      recipientPhone: sql`case when ${notificationOutbox.recipientUserId} = ${userId} or ${isPhone(notificationOutbox.recipientPhone)} then null else ${notificationOutbox.recipientPhone} end`,
      payload: cutJson(notificationOutbox.payload),
      lastError: cut(notificationOutbox.lastError),
    })
    .where(
      or(
        eq(notificationOutbox.recipientUserId, userId),
        isEmail(notificationOutbox.recipientEmail),
        isPhone(notificationOutbox.recipientPhone),
        ...eventPrefixes.map((p) => like(notificationOutbox.dedupeKey, p)),
      ),
    );
  // What was sent to them goes; what was sent to others about their orders loses their details.
  await tx.delete(mailOutbox).where(or(isEmail(mailOutbox.to), isPhone(mailOutbox.to)));
  if (eventPrefixes.length) {
    await tx
      .update(mailOutbox)
      .set({ subject: cut(mailOutbox.subject), text: cut(mailOutbox.text), html: cut(mailOutbox.html) })
      .where(or(...eventPrefixes.map((p) => like(mailOutbox.dedupeKey, p))));
  }

  const ownTickets = await tx
    .update(tickets)
    .set({
      customerEmail: sql`case when ${isEmail(tickets.customerEmail)} then null else ${tickets.customerEmail} end`,
      subject: cut(tickets.subject),
      description: cut(tickets.description),
    })
    .where(
      or(
        eq(tickets.createdBy, userId),
        isEmail(tickets.customerEmail),
        ...(t.orderIds.length ? [inArray(tickets.orderId, t.orderIds)] : []),
      ),
    )
    .returning({ id: tickets.id });
  const ticketIds = ownTickets.map((r) => r.id);
  if (ticketIds.length) {
    await tx
      .update(ticketMessages)
      .set({
        senderName: sql`case when ${ticketMessages.senderId} = ${userId} then ${DELETED_CUSTOMER_NAME} else ${cut(ticketMessages.senderName)} end`,
        message: cut(ticketMessages.message),
      })
      .where(inArray(ticketMessages.ticketId, ticketIds));
  }
  if (t.orderIds.length) {
    await tx
      .update(orderNotes)
      .set({ body: cut(orderNotes.body) })
      .where(inArray(orderNotes.orderId, t.orderIds));
    await tx
      .update(orderRatings)
      .set({ comment: cut(orderRatings.comment) })
      .where(inArray(orderRatings.orderId, t.orderIds));
    await tx
      .update(orderStatusHistory)
      .set({ note: cut(orderStatusHistory.note) })
      .where(inArray(orderStatusHistory.orderId, t.orderIds));
    await tx
      .update(orders)
      .set({ cancelReason: cut(orders.cancelReason), rejectionReason: cut(orders.rejectionReason) })
      .where(inArray(orders.id, t.orderIds));
  }
  await tx
    .update(citySuggestions)
    .set({ email: null })
    .where(or(eq(citySuggestions.userId, userId), isEmail(citySuggestions.email)));
  const subjects = [userId, ...t.orderIds, ...ticketIds];
  await tx
    .update(auditLog)
    .set({ details: cutJson(auditLog.details), performedByName: cut(auditLog.performedByName) })
    .where(or(inArray(auditLog.entityId, subjects), eq(auditLog.performedBy, userId)));
  await tx.delete(verification).where(or(eq(verification.value, userId), isEmail(verification.identifier)));
}

/**
 * Deletes a customer's account (docs/decisions/0164-account-deletion.md), in one transaction: the
 * orders and their delivery jobs stay for the restaurants' and drivers' records but lose every
 * personal detail (name, e-mail, phone, address and its position, the link to the account); unsent notifications to the
 * person are dropped, and every other copy of their details is cut out (eraseTraces); the user row goes, and with it (by cascade) sessions, sign-in credentials,
 * profile, addresses, favourites, preferences, push subscriptions and reviews, whose branches'
 * ratings are recounted. Refused while an order is still in progress, and without the right password.
 */
export async function deleteAccount(db: Db, auth: Auth, userId: string, password: string): Promise<void> {
  if (!(await passwordMatches(db, auth, userId, password))) {
    // Names the field, so the deletion dialog shows it under "Your password" (docs/decisions/0218-field-errors-in-the-error-body.md).
    throw new AppError('VALIDATION_ERROR', 'That password is not right. Please try again.', { field: 'password' });
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [open] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.customerId, userId), notInArray(orders.status, [...FINAL_STATUSES])))
      .limit(1);
    if (open) {
      throw new AppError(
        'CONFLICT',
        `Your order ${open.orderNumber} is still in progress. You can delete your account once it is finished.`,
      );
    }
    // Read first: the order updates below remove what the other copies are found by.
    const traces = await tracesOf(tx, userId);
    await eraseTraces(tx, traces);
    // The delivery jobs keep what the driver needed: the address goes, the area and distance stay.
    await tx
      .update(deliveryJobs)
      .set({
        customerName: DELETED_CUSTOMER_NAME,
        deliveryAddress: '',
        deliveryPostcode: null,
        deliveryLat: null,
        deliveryLng: null,
      })
      .where(
        inArray(deliveryJobs.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, userId))),
      );
    await tx
      .update(orders)
      .set({
        customerId: null,
        customerName: DELETED_CUSTOMER_NAME,
        customerPhone: '',
        customerEmail: null,
        deliveryAddress: null,
        deliveryPostcode: null,
        deliveryInstructions: null,
        deliveryLat: null,
        deliveryLng: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.customerId, userId));
    await tx
      .delete(notificationOutbox)
      .where(and(eq(notificationOutbox.recipientUserId, userId), eq(notificationOutbox.status, 'pending')));
    const reviewed = await tx.select({ siteId: reviews.siteId }).from(reviews).where(eq(reviews.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
    await recountRatings(
      tx,
      reviewed.map((r) => r.siteId),
    );
  });
}

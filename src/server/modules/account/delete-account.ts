import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { FINAL_STATUSES } from '../../../domain/order-flow';
import type { WriteLimit } from '../../config';
import type { DbOrTx, Db } from '../../db/client';
import { account, deliveryJobs, notificationOutbox, orders, reviews, sites, user } from '../../db/schema/index';
import type { Auth } from '../auth';

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

/**
 * Deletes a customer's account (docs/decisions/0164-account-deletion.md), in one transaction: the
 * orders and their delivery jobs stay for the restaurants' and drivers' records but lose every
 * personal detail (name, e-mail, phone, address and its position, the link to the account); unsent notifications to the
 * person are dropped; the user row goes, and with it (by cascade) sessions, sign-in credentials,
 * profile, addresses, favourites, preferences, push subscriptions and reviews, whose branches'
 * ratings are recounted. Refused while an order is still in progress, and without the right password.
 */
export async function deleteAccount(db: Db, auth: Auth, userId: string, password: string): Promise<void> {
  if (!(await passwordMatches(db, auth, userId, password))) {
    throw new AppError('VALIDATION_ERROR', 'That password is not right. Please try again.');
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

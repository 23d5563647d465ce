import { type SQL, and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  ORDER_CONSOLE_PAGE_SIZE,
  type SearchOrdersResponse,
  type searchOrdersQuery,
} from '../../../../domain/contracts/admin/order-console';
import { AppError } from '../../../../domain/errors';
import { phoneSearchDigits } from '../../../../domain/phone';
import { REPORT_TIME_ZONE } from '../../../../domain/reports';
import type { Db } from '../../../db/client';
import { brands, orders, sites, userProfiles } from '../../../db/schema/index';
import { PERSON_NAME_COLUMNS, likePattern, personName } from './order-ref';

type Query = ReturnType<typeof searchOrdersQuery.parse>;

/**
 * The order console's search (docs/product/admin.md#order-console): newest first, a page at a time.
 * One box matches the order number, the customer's e-mail or phone (in any form, spaces ignored);
 * the branch box the restaurant's or the location's name; dates are London days, both ends included.
 */
export async function searchOrders(db: Db, query: Query): Promise<SearchOrdersResponse> {
  if (query.from && query.to && query.from > query.to) {
    throw new AppError('VALIDATION_ERROR', 'The start date must be on or before the end date');
  }
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const p = likePattern(q);
    // Phones are stored in E.164 (docs/decisions/0208-phones-in-e164.md): the query's national
    // digits find them however the query is written (07700900123, +44 7700 900123, 07700 900).
    const digits = phoneSearchDigits(q);
    where.push(
      or(
        ilike(orders.orderNumber, p),
        ilike(orders.customerEmail, p),
        ...(digits ? [sql`${orders.customerPhone} like ${`%${digits}%`}`] : []),
      )!,
    );
  }
  if (query.branch?.trim()) {
    const p = likePattern(query.branch.trim());
    where.push(or(ilike(sites.name, p), ilike(brands.name, p))!);
  }
  if (query.status) where.push(eq(orders.status, query.status));
  const londonDay = sql`(${orders.createdAt} at time zone ${REPORT_TIME_ZONE})::date`;
  if (query.from) where.push(sql`${londonDay} >= ${query.from}::date`);
  if (query.to) where.push(sql`${londonDay} <= ${query.to}::date`);
  const condition = where.length ? and(...where) : undefined;
  const page = query.page;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        orderType: orders.orderType,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        customerEmail: orders.customerEmail,
        restaurantName: brands.name,
        siteName: sites.name,
        totalMinor: orders.totalMinor,
        ...PERSON_NAME_COLUMNS,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(brands, eq(brands.id, sites.brandId))
      .leftJoin(userProfiles, eq(userProfiles.userId, orders.driverId))
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_CONSOLE_PAGE_SIZE)
      .offset((page - 1) * ORDER_CONSOLE_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(brands, eq(brands.id, sites.brandId))
      .where(condition),
  ]);
  return {
    orders: rows.map(({ firstName, lastName, displayName, createdAt, ...r }) => ({
      ...r,
      driverName: personName({ firstName, lastName, displayName }),
      createdAt: createdAt.toISOString(),
    })),
    total: Number(total.n),
    page,
    pageSize: ORDER_CONSOLE_PAGE_SIZE,
  };
}

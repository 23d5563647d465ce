import { type SQL, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../domain/notifications';
import type { CompanyDetails } from '../../../domain/company-details';
import type { DbOrTx } from '../../db/client';
import type { OutboxPayload } from '../../db/schema/index';
import { OUTBOX_CHANNEL } from '../../platform/notify/outbox-worker';
import type { DeliveryChannel } from '../../platform/notify/channels';
import { driverSeesJobSql } from '../reach';
import { getCompanyDetails } from '../settings';
import { withCompanyDetails } from './templates';

/**
 * One notification to enqueue, before it is fanned out to its people: a single recipient (a user
 * id, an address, a phone), or every person working at a branch, or every approved driver online
 * in a postcode area. Rows whose channel has no address for a person, or whose kind and channel
 * that person switched off, are not written (docs/decisions/0141-notification-preferences.md).
 */
export type NotificationRow = {
  kind: NotificationKind;
  /** The change it reports; with the recipient and channel it makes the dedupe key. */
  eventId: string;
  channel: DeliveryChannel;
  payload: OutboxPayload;
  /** The account; its e-mail and profile phone are used when `email`/`phone` are not given. */
  userId?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Everyone who works at this branch (brand owners and admins, the branch's managers). */
  staffOfSite?: string;
  /** Every approved driver online in this job area, except `exceptUser`. */
  driversInArea?: string;
  /** Every approved driver online whom this job reaches, except `exceptUser` (docs/decisions/0158-dispatch-by-distance.md). */
  driversOfJob?: string;
  exceptUser?: string | null;
};

/**
 * The JSON parameter of outboxInsert, with the company name and support phone in force now filled
 * into every payload (docs/decisions/0171-company-details-in-messages.md).
 */
export function notificationRowsValue(rows: readonly NotificationRow[], company: CompanyDetails): string {
  return JSON.stringify(
    rows.map((r) => ({
      event_kind: r.kind,
      event_id: r.eventId,
      channel: r.channel,
      payload: withCompanyDetails(r.payload, r.channel, company),
      user_id: r.userId ?? null,
      email: r.email ?? null,
      phone: r.phone ?? null,
      staff_site: r.staffOfSite ?? null,
      drivers_area: r.driversInArea ?? null,
      drivers_job: r.driversOfJob ?? null,
      except_user: r.exceptUser ?? null,
    })),
  );
}

/**
 * The one statement that writes outbox rows: fan-out, address check, preference check and dedupe
 * (ON CONFLICT on the dedupe key) in SQL, so it can run inside any transaction and even inside
 * checkout's single write statement. `orderNumber` (an SQL expression) replaces `{{orderNumber}}`
 * in the payloads, for rows written before the order number is drawn.
 */
export function outboxInsert(rows: SQL, orderNumber?: SQL): SQL {
  const payload = orderNumber
    ? sql`replace(r.payload::text, '{{orderNumber}}', ${orderNumber})::jsonb`
    : sql`r.payload`;
  return sql`insert into notification_outbox
      (event_kind, event_id, recipient_user_id, recipient_email, recipient_phone, channel, dedupe_key, payload)
    select r.event_kind, r.event_id, x.user_id, x.email, x.phone, r.channel,
      r.event_id || '|' || coalesce(x.user_id, x.email, x.phone) || '|' || r.channel, ${payload}
    from jsonb_to_recordset(${rows}::jsonb) as r(event_kind text, event_id text, channel text, payload jsonb,
      user_id text, email text, phone text, staff_site uuid, drivers_area text, drivers_job uuid, except_user text)
    cross join lateral (
      select r.user_id,
        coalesce(r.email, (select u.email from "user" u where u.id = r.user_id)),
        coalesce(r.phone, (select p.phone from user_profiles p where p.user_id = r.user_id))
      where r.staff_site is null and r.drivers_area is null and r.drivers_job is null
      union
      select u.id, u.email, p.phone from "user" u left join user_profiles p on p.user_id = u.id
      where r.staff_site is not null and u.id in (
        select bm.user_id from sites s join brand_memberships bm on bm.brand_id = s.brand_id
          and bm.role in ('owner', 'admin') where s.id = r.staff_site
        union select ss.user_id from site_staff ss where ss.site_id = r.staff_site)
      union
      select p.user_id, p.email, p.phone from user_profiles p
      where r.drivers_area is not null and p.user_type = 'driver' and p.status = 'approved' and p.is_online
        and p.current_area = r.drivers_area and p.user_id is distinct from r.except_user
      union
      select p.user_id, p.email, p.phone from user_profiles p join delivery_jobs j on j.id = r.drivers_job
      where r.drivers_job is not null and p.user_type = 'driver' and p.status = 'approved' and p.is_online
        and p.user_id is distinct from r.except_user and ${driverSeesJobSql('p', 'j', sql`now()`)}
    ) as x(user_id, email, phone)
    where case r.channel when 'email' then x.email is not null when 'sms' then x.phone is not null
        else x.user_id is not null end
      and not exists (select 1 from notification_preferences np where np.user_id = x.user_id
        and np.channel = r.channel and np.kind = r.event_kind and not np.enabled)
    on conflict (dedupe_key) do nothing
    returning id`;
}

/**
 * Writes the rows in the caller's transaction and wakes the workers at its commit (a NOTIFY is
 * delivered only when the transaction commits, and not at all when it rolls back). With
 * `wake: 'after-commit'` there is no NOTIFY in the transaction: the caller calls wakeOutbox once its
 * transaction has committed (a hot path: PostgreSQL commits NOTIFYing transactions one at a time,
 * docs/decisions/0181-outbox-wake-after-commit.md).
 */
export async function enqueueNotifications(
  tx: DbOrTx,
  rows: readonly NotificationRow[],
  { wake = 'at-commit' }: { wake?: 'at-commit' | 'after-commit' } = {},
): Promise<number> {
  if (!rows.length) return 0;
  const company = await getCompanyDetails(tx);
  const ping = wake === 'at-commit' ? sql`, pg_notify(${OUTBOX_CHANNEL}, '')` : sql``;
  const result = await tx.execute<{ id: string }>(
    sql`with n as (${outboxInsert(sql`${notificationRowsValue(rows, company)}`)})
      select count(*)::int as written${ping} from n`,
  );
  return Number((result.rows[0] as { written?: number } | undefined)?.written ?? 0);
}

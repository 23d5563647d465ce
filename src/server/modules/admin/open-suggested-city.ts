import { sql } from 'drizzle-orm';
import type { OpenCityResponse } from '../../../domain/contracts/admin/city-opening-endpoints';
import { AppError } from '../../../domain/errors';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import type { Db } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit';
import { notifyCityOpened } from '../notifications';

/** The page an opened city's e-mail links to: its directory page, else a search for it. */
export function openedCityPath(city: string): string {
  const known = UK_CITIES.find((c) => c.name.toLowerCase() === city.trim().toLowerCase());
  return known ? `/restaurants/${known.slug}` : `/?${new URLSearchParams({ location: city.trim() }).toString()}`;
}

/**
 * Marks a suggested city opened (docs/product/admin.md#overview): every suggestion of it (case and
 * spacing ignored) gets its opened time, and everyone who suggested it (the e-mail they gave, else
 * their account's) gets one e-mail saying so, in the same transaction, audited. An address is told
 * once, also when the city is marked opened again after new suggestions
 * (docs/decisions/0146-city-opened-and-operations-alerts.md).
 */
export async function openSuggestedCity(db: Db, city: string, actor: AuditActor): Promise<OpenCityResponse> {
  const key = city.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const rows = await tx.execute<{ city: string; email: string | null; opened_at: string | Date | null }>(sql`
      update city_suggestions s set opened_at = coalesce(s.opened_at, now())
      where lower(trim(s.city)) = ${key}
      returning trim(s.city) as city, s.opened_at,
        lower(coalesce(s.email, (select u.email from "user" u where u.id = s.user_id))) as email`);
    if (!rows.rows.length) throw new AppError('NOT_FOUND', 'Nobody has suggested this city');
    const names = rows.rows.map((r) => r.city);
    const name = names.find((n) => /^[A-Z]/.test(n)) ?? names[0];
    const emails = [...new Set(rows.rows.map((r) => r.email).filter((e): e is string => !!e))].sort();
    const emailed = await notifyCityOpened(tx, { cityKey: key, city: name, path: openedCityPath(name), emails });
    const openedAt = new Date(
      Math.max(...rows.rows.map((r) => new Date(r.opened_at ?? Date.now()).getTime())),
    ).toISOString();
    await recordAudit(tx, {
      actionType: 'city_opened',
      entityType: 'city',
      entityId: null,
      actor,
      details: { city: name, suggestions: rows.rows.length, emailed },
    });
    return { city: name, openedAt, emailed };
  });
}
